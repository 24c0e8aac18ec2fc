// Note metadata (§9 byte-level detail 7): UTF-8 JSON {"title", "tags"} in one envelope.
// Writers emit those two members, plus the optional organising flags of this
// client (pinned, trashedAt, createdAt) and the revision (rev) only when set, so a
// note without them seals exactly as before. Readers ignore unknown members (rule 7)
// and insist on the shape of title and tags, so a malformed peer cannot hand the UI a
// non-string title; an optional member of the wrong type is ignored like an unknown one.
import type { sealAead } from "./aead";
import { openEnvelope, sealEnvelope } from "./envelope";
import { InvalidMetadata } from "./errors";
import { utf8Decode, utf8Encode } from "./utf8";

export interface NoteMetadata {
  title: string;
  /** Order is meaningful and preserved. */
  tags: string[];
  /** Listed before the others. */
  pinned?: boolean;
  /** In the trash since then (ISO 8601); restore removes it, "empty trash" deletes the note. */
  trashedAt?: string;
  /** When the note was made (ISO 8601), by the client that made it. */
  createdAt?: string;
  /**
   * The metadata's revision (issue 33, item 6): every write raises it above the highest
   * the writer saw, so a device can tell older title and tags from newer ones at the
   * same note version (docs/client-crypto.md, "Seen states"). Absent: written before
   * revisions, read as 0. A non-negative safe integer.
   */
  rev?: number;
}

/** A copy that keeps every member this client knows (edits must not drop a flag). */
export function copyMetadata(metadata: NoteMetadata): NoteMetadata {
  return withOptional({ title: metadata.title, tags: [...metadata.tags] }, { ...metadata });
}

function withOptional(base: NoteMetadata, from: Record<string, unknown>): NoteMetadata {
  const out = base;
  if (from.pinned === true) out.pinned = true;
  if (typeof from.trashedAt === "string") out.trashedAt = from.trashedAt;
  if (typeof from.createdAt === "string") out.createdAt = from.createdAt;
  if (isRevision(from.rev)) out.rev = from.rev;
  return out;
}

function isRevision(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

type MetadataSodium = Parameters<typeof sealAead>[0];

export function encodeMetadata(metadata: NoteMetadata): Uint8Array {
  const { title, tags } = checkShape(metadata);
  return utf8Encode(JSON.stringify(withOptional({ title, tags }, { ...metadata })));
}

export function decodeMetadata(bytes: Uint8Array): NoteMetadata {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decode(bytes));
  } catch (cause) {
    throw new InvalidMetadata("metadata is not UTF-8 JSON", { cause });
  }
  const { title, tags } = checkShape(parsed);
  return withOptional({ title, tags: [...tags] }, parsed as Record<string, unknown>);
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
