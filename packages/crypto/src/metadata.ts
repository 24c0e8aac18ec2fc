// Note metadata (§9 byte-level detail 7): UTF-8 JSON {"title", "tags"} in one envelope.
// Writers emit those two members, plus the optional organising members of this
// client (pinned, trashedAt, createdAt, notebook) and the revision (rev) only when
// set, so a note without them seals exactly as before. Readers ignore unknown members
// for what they show (rule 7) but keep them (`unknown`) and write them back, so a
// client that predates a member, or knows only {title, tags}, does not drop it when it
// renames a note (issue 38; docs/client-crypto.md, "Metadata members"). Readers insist
// on the shape of title and tags, so a malformed peer cannot hand the UI a non-string
// title; an optional member of the wrong type is ignored (and not kept).
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
  /**
   * The notebook the note is in (issue 38), as the path of names from the outermost
   * notebook in: ["Work", "Projects"]. Absent: in no notebook. Each name non-empty,
   * at most NOTEBOOK_DEPTH of them. Sealed like the title, so the server never learns it.
   */
  notebook?: string[];
  /**
   * The key-transparency head the writer's device last saw (issue 34, "Comparing heads";
   * docs/key-transparency.md): Base64 of its 40 bytes, epoch (u64, big-endian) ‖ log
   * root. Signed with the metadata, so members who never share a live room compare
   * heads too. Absent: the writer saw none, or wrote before heads were carried.
   */
  seenHead?: string;
  /** Members this client does not know, as read: written back unchanged. */
  unknown?: Readonly<Record<string, unknown>>;
}

/** How deep notebooks nest; a longer path is not a notebook (ignored, not kept). */
export const NOTEBOOK_DEPTH = 8;

const KNOWN = new Set([
  "title",
  "tags",
  "pinned",
  "trashedAt",
  "createdAt",
  "rev",
  "notebook",
  "seenHead",
]);

/** A copy that keeps every member this client knows (edits must not drop a flag). */
export function copyMetadata(metadata: NoteMetadata): NoteMetadata {
  const copy = withOptional({ title: metadata.title, tags: [...metadata.tags] }, { ...metadata });
  if (metadata.unknown) copy.unknown = { ...metadata.unknown };
  return copy;
}

function withOptional(base: NoteMetadata, from: Record<string, unknown>): NoteMetadata {
  const out = base;
  if (from.pinned === true) out.pinned = true;
  if (typeof from.trashedAt === "string") out.trashedAt = from.trashedAt;
  if (typeof from.createdAt === "string") out.createdAt = from.createdAt;
  if (isRevision(from.rev)) out.rev = from.rev;
  if (isNotebookPath(from.notebook)) out.notebook = [...from.notebook];
  if (isSeenHead(from.seenHead)) out.seenHead = from.seenHead;
  return out;
}

export function isNotebookPath(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= NOTEBOOK_DEPTH &&
    value.every((name) => typeof name === "string" && name.trim() !== "")
  );
}

/** The members of a parsed object this client does not know, or undefined for none. */
function unknownMembers(parsed: Record<string, unknown>): Record<string, unknown> | undefined {
  const entries = Object.entries(parsed).filter(([name]) => !KNOWN.has(name));
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** 40 bytes in standard Base64: 56 characters, the last two "==". */
function isSeenHead(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9+/]{53}[AQgw]==$/.test(value);
}

function isRevision(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

type MetadataSodium = Parameters<typeof sealAead>[0];

export function encodeMetadata(metadata: NoteMetadata): Uint8Array {
  const { title, tags } = checkShape(metadata);
  const known = withOptional({ title, tags }, { ...metadata });
  // Unknown members after the known ones; a known name among them is never written.
  const kept = unknownMembers({ ...metadata.unknown });
  return utf8Encode(JSON.stringify(kept ? { ...known, ...kept } : known));
}

export function decodeMetadata(bytes: Uint8Array): NoteMetadata {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decode(bytes));
  } catch (cause) {
    throw new InvalidMetadata("metadata is not UTF-8 JSON", { cause });
  }
  const { title, tags } = checkShape(parsed);
  const members = parsed as Record<string, unknown>;
  const metadata = withOptional({ title, tags: [...tags] }, members);
  const unknown = unknownMembers(members);
  if (unknown) metadata.unknown = unknown;
  return metadata;
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
