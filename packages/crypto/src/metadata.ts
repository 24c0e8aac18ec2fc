// Note metadata (§9 byte-level detail 7): UTF-8 JSON {"title", "tags"} in one envelope.
// Writers emit exactly those two members; readers ignore unknown ones but insist on
// the shape, so a malformed peer cannot hand the UI a non-string title.
import type { sealAead } from "./aead";
import { openEnvelope, sealEnvelope } from "./envelope";
import { InvalidMetadata } from "./errors";
import { utf8Decode, utf8Encode } from "./utf8";

export interface NoteMetadata {
  title: string;
  /** Order is meaningful and preserved. */
  tags: string[];
}

type MetadataSodium = Parameters<typeof sealAead>[0];

export function encodeMetadata(metadata: NoteMetadata): Uint8Array {
  const { title, tags } = checkShape(metadata);
  return utf8Encode(JSON.stringify({ title, tags }));
}

export function decodeMetadata(bytes: Uint8Array): NoteMetadata {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decode(bytes));
  } catch (cause) {
    throw new InvalidMetadata("metadata is not UTF-8 JSON", { cause });
  }
  const { title, tags } = checkShape(parsed);
  return { title, tags: [...tags] };
}

export function sealMetadata(
  sodium: MetadataSodium,
  contentKey: Uint8Array,
  noteId: string,
  metadata: NoteMetadata,
  nonce?: Uint8Array,
): string {
  return sealEnvelope(sodium, contentKey, noteId, encodeMetadata(metadata), nonce);
}

export function openMetadata(
  sodium: MetadataSodium,
  contentKey: Uint8Array,
  noteId: string,
  envelope: string,
): NoteMetadata {
  return decodeMetadata(openEnvelope(sodium, contentKey, noteId, envelope));
}

function checkShape(value: unknown): NoteMetadata {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InvalidMetadata("metadata must be a JSON object");
  }
  const title = "title" in value ? value.title : undefined;
  const tags = "tags" in value ? value.tags : undefined;
  if (typeof title !== "string") throw new InvalidMetadata("metadata.title must be a string");
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === "string")) {
    throw new InvalidMetadata("metadata.tags must be an array of strings");
  }
  return { title, tags };
}
