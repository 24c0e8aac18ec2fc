// Opaque, tamper-evident sync tokens: the cursor seq, whether the token continues
// a full sync, and a MAC binding both to the account. Malformed or foreign → 400.
// A newest-first full sync walks down from the watermark it started at: its page
// tokens carry that watermark too (tokens without it read as before, ascending).

import { invalidRequest } from "../errors";
import { hmac } from "../shared/secrets";

export interface Cursor {
  seq: number;
  fullSync: boolean;
  /**
   * A newest-first full sync: the watermark it started at. Its pages list notes with
   * seq below `seq` (highest first); its last page hands out this watermark.
   */
  newestFrom?: number | undefined;
}

function mac(secret: string, accountId: string, body: string): string {
  return hmac(secret, `changes:${accountId}:${body}`).subarray(0, 12).toString("base64url");
}

export function encodeCursor(secret: string, accountId: string, cursor: Cursor): string {
  const newest = cursor.newestFrom === undefined ? "" : `.d${cursor.newestFrom}`;
  const body = `${cursor.seq}.${cursor.fullSync ? 1 : 0}${newest}`;
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
  const match = /^(\d{1,18})\.([01])(\.d\d{1,18})?\.([A-Za-z0-9_-]{16})$/.exec(text);
  if (!match) throw invalid();
  const [, seq, full, newest, tag] = match;
  if (tag !== mac(secret, accountId, `${seq}.${full}${newest ?? ""}`)) throw invalid();
  const cursor: Cursor = { seq: Number(seq), fullSync: full === "1" };
  if (newest) cursor.newestFrom = Number(newest.slice(2));
  return cursor;
}
