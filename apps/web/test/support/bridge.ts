// Bridge material as a client would send it: random bytes stand in for the
// sealed 1,064-byte bodies and key wraps (the server cannot tell, by design).
import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import { b64, type SignedUp, signUp } from "./accounts";
import type { ApiResponse } from "./api";
import { grantComplimentary } from "./notes";

export const TRANSMISSION_BYTES = 1_064;

export interface Transmission {
  seq: number;
  body: string;
  epochId: string;
  createdAt: string;
  authorId?: string;
  authorHandle?: string;
}

export interface BridgePage {
  messages: Transmission[];
  nextPageToken: string;
  currentEpoch?: string;
}

export const sealedBody = (bytes = TRANSMISSION_BYTES) => b64(randomBytes(bytes));
export const newEpochId = () => randomBytes(16).toString("base64url");

export async function putKeypair(user: SignedUp): Promise<void> {
  const res = await user.client.call("PUT", "/v1/keypair", {
    token: user.token,
    body: {
      publicKey: b64(randomBytes(32)),
      wrappedPrivateKey: b64(randomBytes(72)),
      authKey: user.credentials.authKey,
    },
  });
  expect(res.status, res.text).toBe(204);
}

/** A complimentary account, with a sharing keypair unless told otherwise. */
export async function premiumMember(options: { keypair?: boolean } = {}): Promise<SignedUp> {
  const user = await signUp();
  if (options.keypair !== false) await putKeypair(user);
  await grantComplimentary(user.credentials.identifier);
  return user;
}

export function post(
  user: SignedUp,
  body: Record<string, unknown> = {},
): Promise<ApiResponse<Transmission & Record<string, unknown>>> {
  return user.client.call("POST", "/v1/bridge/messages", {
    token: user.token,
    body: { body: sealedBody(), epochId: "uw4kvv41zWEq0G2nekpUpA", ...body },
  });
}

export async function transmit(user: SignedUp, epochId?: string): Promise<Transmission> {
  const res = await post(user, { requestId: randomUUID(), ...(epochId && { epochId }) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export function page(
  user: SignedUp,
  query = "",
): Promise<ApiResponse<BridgePage & Record<string, unknown>>> {
  return user.client.call<BridgePage & Record<string, unknown>>(
    "GET",
    `/v1/bridge/messages${query}`,
    {
      token: user.token,
    },
  );
}

export function sealKey(
  sender: SignedUp,
  recipientId: string,
  epochId: string,
  wrappedKey = b64(randomBytes(80)),
) {
  return sender.client.call<Record<string, unknown>>("POST", "/v1/bridge/keys", {
    token: sender.token,
    body: { recipientId, epochId, wrappedKey },
  });
}
