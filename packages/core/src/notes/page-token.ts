// Opaque, tamper-evident sync tokens: the cursor seq, whether the token continues
// a full sync, and a MAC binding both to the account. Malformed or foreign → 400.

import { invalidRequest } from "../errors";
import { hmac } from "../shared/secrets";

export interface Cursor {
  seq: number;
  fullSync: boolean;
}

function mac(secret: string, accountId: string, body: string): string {
  return hmac(secret, `changes:${accountId}:${body}`).subarray(0, 12).toString("base64url");
}

export function encodeCursor(secret: string, accountId: string, cursor: Cursor): string {
  const body = `${cursor.seq}.${cursor.fullSync ? 1 : 0}`;
  return Buffer.from(`${body}.${mac(secret, accountId, body)}`).toString("base64url");
}

export function decodeCursor(secret: string, accountId: string, token: string): Cursor {
  const invalid = () =>
    invalidRequest([
      { pointer: "#/query/pageToken", detail: "Not a page or sync token of this account." },
    ]);
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(token)
    ? Buffer.from(token, "base64url").toString()
    : "";
  const match = /^(\d{1,18})\.([01])\.([A-Za-z0-9_-]{16})$/.exec(text);
  if (!match) throw invalid();
  const [, seq, full, tag] = match;
  if (tag !== mac(secret, accountId, `${seq}.${full}`)) throw invalid();
  return { seq: Number(seq), fullSync: full === "1" };
}
