// Share links as a client drives them over /v1 (issue 37): random bytes stand in for
// the sealed content and wrapped keys (the server cannot tell), and the access key is
// real random bytes whose SHA-256 the owner registers, so opening works as it does for
// a reader.
import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import { b64, type SignedUp } from "./accounts";
import { type ApiResponse, Client } from "./api";
import { blob } from "./notes";
import { signedBy } from "./signatures";

export interface MadeLink {
  id: string;
  access: string;
  body: Record<string, unknown>;
  res: ApiResponse;
}

export const linkId = () => randomBytes(16).toString("base64url");

export function linkBody(owner: SignedUp, extra: Record<string, unknown> = {}) {
  const access = randomBytes(32);
  return {
    access: b64(access),
    body: {
      id: linkId(),
      mode: "snapshot",
      sealed: blob(300),
      signature: signedBy(owner.accountId),
      ownerKeys: blob(104),
      accessVerifier: b64(createHash("sha256").update(access).digest()),
      ...extra,
    } as Record<string, unknown>,
  };
}

export function postLink(owner: SignedUp, noteId: string, body: Record<string, unknown>) {
  return owner.client.call("POST", `/v1/notes/${noteId}/share-links`, { token: owner.token, body });
}

export async function makeLink(
  owner: SignedUp,
  noteId: string,
  extra: Record<string, unknown> = {},
): Promise<MadeLink> {
  const { access, body } = linkBody(owner, extra);
  const res = await postLink(owner, noteId, body);
  expect(res.status, res.text).toBe(201);
  return { id: body.id as string, access, body, res };
}

/** A reader: no account, an address of its own. */
export const reader = () => new Client();

export const openLink = (client: Client, id: string, access: string) =>
  client.call("POST", `/v1/share-links/${id}:open`, { body: { access } });

export const probeLink = (client: Client, id: string) =>
  client.call("GET", `/v1/share-links/${id}`);

export async function listLinks(owner: SignedUp, noteId?: string) {
  const res = await owner.client.call<{ links: Record<string, unknown>[]; nextPageToken: string }>(
    "GET",
    `/v1/share-links${noteId ? `?noteId=${noteId}` : ""}`,
    { token: owner.token },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.links;
}
