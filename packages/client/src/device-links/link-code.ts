// What the QR code and the copyable code carry (contract.md §9): {linkId, secret}.
// The QR holds JSON. The short code, typed where no camera can scan, is version 2
// (issue 38): Crockford's Base32 (crockford.ts: no I, L, O or U) of the id's 16 bytes
// followed by the secret's 16, 52 characters shown in 13 groups of 4 joined by "-";
// read ignoring case, spaces and hyphens, I and L as 1, O as 0, so no look-alike
// (I/l/1, O/0) can be mistyped.
// Version 1 (url-safe Base64 of the same 32 bytes, 43 characters, case-sensitive) is
// still read: the two never share a length (docs/client-crypto.md, "Link code").
import { fromBase64Url, LINK_SECRET_BYTES, toBase64Url } from "@notes/crypto";
import { ClientError } from "../errors";
import { fromCrockford, normaliseCrockford, toCrockford } from "./crockford";

export interface LinkCode {
  linkId: string;
  secret: Uint8Array;
}

/** The text is neither a device-link QR payload nor a short code. */
export class InvalidLinkCode extends ClientError {
  override readonly name = "InvalidLinkCode";
  constructor() {
    super("this is not a device-link code");
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID_BYTES = 16;

function uuidBytes(id: string): Uint8Array {
  return Uint8Array.from(id.replace(/-/g, "").match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}

function uuidText(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function linkQrText(code: LinkCode): string {
  return JSON.stringify({ linkId: code.linkId, secret: toBase64Url(code.secret) });
}

/** The version 2 short code: Crockford Base32 in groups of 4, e.g. "1EFP-TBJR-…-0000". */
export function formatLinkCode(code: LinkCode): string {
  const bytes = new Uint8Array(UUID_BYTES + LINK_SECRET_BYTES);
  bytes.set(uuidBytes(code.linkId));
  bytes.set(code.secret, UUID_BYTES);
  return (toCrockford(bytes).match(/.{1,4}/g) ?? []).join("-");
}

/** 32 bytes in Base32: 256 bits in 52 characters, the last 4 bits zero. */
const BASE32_CHARS = 52;

/**
 * The version 2 reading of a typed code, or undefined when it is not 52 characters
 * once spaces and hyphens are gone (a version 1 code has 43, hyphens included).
 */
function crockfordBytes(text: string): Uint8Array | undefined {
  const compact = normaliseCrockford(text);
  if (compact.length !== BASE32_CHARS) return undefined;
  const bytes = fromCrockford(compact);
  if (!bytes) throw new InvalidLinkCode();
  return bytes;
}

function checked(linkId: string, secret: Uint8Array): LinkCode {
  const id = linkId.toLowerCase();
  if (!UUID.test(id) || secret.length !== LINK_SECRET_BYTES) throw new InvalidLinkCode();
  return { linkId: id, secret };
}

export function parseLinkCode(text: string): LinkCode {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith("{")) {
      const parsed = JSON.parse(trimmed) as { linkId?: unknown; secret?: unknown };
      if (typeof parsed.linkId !== "string" || typeof parsed.secret !== "string") {
        throw new InvalidLinkCode();
      }
      return checked(parsed.linkId, fromBase64Url(parsed.secret));
    }
    const bytes = crockfordBytes(trimmed) ?? fromBase64Url(trimmed.replace(/\s+/g, ""));
    if (bytes.length !== UUID_BYTES + LINK_SECRET_BYTES) throw new InvalidLinkCode();
    return checked(uuidText(bytes.subarray(0, UUID_BYTES)), bytes.slice(UUID_BYTES));
  } catch {
    throw new InvalidLinkCode();
  }
}
