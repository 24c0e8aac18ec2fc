// Things this browser keeps for itself beside the notes (the list as last shown, the
// search index) are plaintext-derived, so they are sealed too: under a key derived
// from the master key (HKDF-SHA256 as contract.md §9 derives keys, with a label of
// this app's own), one key per purpose so one blob can never stand in for another.
// Without the session's keys, nothing here opens.
import type { Session } from "@notes/client";
import {
  hkdfSha256,
  loadSodium,
  openEnvelope,
  openEnvelopeBytes,
  sealEnvelope,
  sealEnvelopeBytes,
  utf8Decode,
  utf8Encode,
} from "@notes/crypto";

export type LocalPurpose =
  | "list"
  | "search"
  | "seen"
  | "key-states"
  | "upload"
  | "cache-key"
  | "link-reseals";

const LABELS: Record<LocalPurpose, string> = {
  list: "notes-web/local-list/v1",
  search: "notes-web/local-search/v1",
  seen: "notes-web/local-seen-states/v1",
  "key-states": "notes-web/local-key-states/v1",
  upload: "notes-web/local-upload/v1",
  "cache-key": "notes-web/local-cache-key/v1",
  "link-reseals": "notes-web/local-link-reseals/v1",
};
/** The envelope binds its content to a note id; local blobs use this fixed one. */
const LOCAL_ID = "00000000-0000-4000-8000-00000000b10b";

export function localKey(
  session: Pick<Session, "masterKey">,
  purpose: LocalPurpose,
): Promise<Uint8Array> {
  return hkdfSha256(session.masterKey, LABELS[purpose]);
}

export async function sealLocal(key: Uint8Array, bytes: Uint8Array): Promise<string> {
  return sealEnvelope(await loadSodium(), key, LOCAL_ID, bytes);
}

/** The bytes, or undefined when the blob is damaged or sealed under another key. */
export async function openLocal(key: Uint8Array, sealed: string): Promise<Uint8Array | undefined> {
  try {
    return openEnvelope(await loadSodium(), key, LOCAL_ID, sealed);
  } catch {
    return undefined;
  }
}

/** As sealLocal, kept as raw bytes (a large file: no Base64 pass, a third smaller). */
export async function sealLocalBytes(key: Uint8Array, bytes: Uint8Array): Promise<Uint8Array> {
  return sealEnvelopeBytes(await loadSodium(), key, LOCAL_ID, bytes);
}

/** As openLocal, for a blob kept as raw bytes (or as Base64, by sealLocal). */
export async function openLocalBytes(
  key: Uint8Array,
  sealed: Uint8Array | string,
): Promise<Uint8Array | undefined> {
  if (typeof sealed === "string") return openLocal(key, sealed);
  try {
    return openEnvelopeBytes(await loadSodium(), key, LOCAL_ID, sealed);
  } catch {
    return undefined;
  }
}

/** A JSON value sealed as one local blob (the list snapshot, the search index). */
export function sealLocalJson(key: Uint8Array, value: unknown): Promise<string> {
  return sealLocal(key, utf8Encode(JSON.stringify(value)));
}

/** The JSON value, or undefined when the blob does not open or does not parse. */
export async function openLocalJson(key: Uint8Array, sealed: string): Promise<unknown> {
  const bytes = await openLocal(key, sealed);
  if (!bytes) return undefined;
  try {
    return JSON.parse(utf8Decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
