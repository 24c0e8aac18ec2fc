// Bridge page tokens: the seq below which the next (older) page starts. The log
// is shared by every member, so the token need not be bound to an account; it is
// still opaque, and anything that is not one of ours → 400.
import { invalidRequest } from "../errors";

const PREFIX = "bridge:";

export function encodeBridgeToken(beforeSeq: number): string {
  return Buffer.from(`${PREFIX}${beforeSeq}`).toString("base64url");
}

export function decodeBridgeToken(token: string): number {
  const text = /^[A-Za-z0-9_-]{1,60}$/.test(token)
    ? Buffer.from(token, "base64url").toString()
    : "";
  const match = /^bridge:([1-9]\d{0,17})$/.exec(text);
  if (!match?.[1])
    throw invalidRequest([{ pointer: "#/query/pageToken", detail: "Not a bridge page token." }]);
  return Number(match[1]);
}
