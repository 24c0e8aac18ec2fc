// Sign-up material as a real client would send it: random key bytes stand in for
// the derived keys (the server cannot tell the difference, by design).
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { type ApiResponse, Client } from "./api";

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
export const key32 = () => b64(randomBytes(32));

let counter = 0;
export function uniqueHandle(prefix = "user"): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}${randomBytes(2).toString("hex")}`.slice(
    0,
    32,
  );
}

export interface Credentials {
  identifier: string;
  authKey: string;
  recoveryAuthKey: string;
  kdfSalt: string;
  wrappedMasterKey: string;
  recoveryWrappedMasterKey: string;
}

export function newCredentials(identifier = uniqueHandle()): Credentials {
  return {
    identifier,
    authKey: key32(),
    recoveryAuthKey: key32(),
    kdfSalt: b64(randomBytes(16)),
    wrappedMasterKey: b64(randomBytes(72)),
    recoveryWrappedMasterKey: b64(randomBytes(72)),
  };
}

export function signUpBody(c: Credentials) {
  return { ...c, kdfIterations: 600_000 };
}

export interface SignedUp {
  client: Client;
  credentials: Credentials;
  token: string;
  accountId: string;
  response: ApiResponse;
}

/** Creates an account from a fresh client address and returns its session. */
export async function signUp(identifier?: string, client = new Client()): Promise<SignedUp> {
  const credentials = newCredentials(identifier);
  const response = await client.call("POST", "/v1/accounts", { body: signUpBody(credentials) });
  expect(response.status, response.text).toBe(201);
  const account = response.body.account as { id: string };
  return {
    client,
    credentials,
    token: response.body.token as string,
    accountId: account.id,
    response,
  };
}

export async function signIn(client: Client, identifier: string, authKey: string) {
  return client.call("POST", "/v1/sessions", { body: { identifier, authKey } });
}
