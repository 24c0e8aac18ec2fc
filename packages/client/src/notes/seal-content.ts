// Sealing a note's content for the server, signed (docs/client-crypto.md, "Signed
// content"): each envelope under the note's current key and, when the note knows its
// signer, a signature block beside it. The request fields come out ready to spread
// into POST /v1/notes, …/updates, …:compact and …/revisions. Metadata gets the next
// revision above the highest the note held (issue 33, item 6), so other devices can
// tell newer title and tags from older ones at the same note version, and carries the
// key-transparency head the writer last saw (issue 34: members compare it on reading).
import {
  type NoteMetadata,
  type Sodium,
  sealEnvelope,
  sealMetadata,
  toBase64,
} from "@notes/crypto";
import { signEnvelope } from "../trust/sign-content";
import type { OpenNote } from "./open-state";

type SealSodium = Parameters<typeof sealEnvelope>[0] &
  Pick<Sodium, "crypto_generichash" | "crypto_sign_detached">;
type Sealable = Pick<OpenNote, "id" | "cek" | "signer">;
/** A note being written: its metadata as held, when it has some (a new note has none). */
type MetadataSealable = Sealable & { metadata?: Pick<NoteMetadata, "rev"> };

export function sealSnapshot(
  sodium: SealSodium,
  note: Sealable,
  state: Uint8Array,
): { snapshot: string; snapshotSignature?: string } {
  const snapshot = sealEnvelope(sodium, note.cek, note.id, state);
  return { snapshot, ...signed(sodium, note, "snapshot", snapshot, "snapshotSignature") };
}

/**
 * Seals `metadata` at the next revision: one above the highest of the note's held
 * metadata and `metadata` itself. Stamps that revision on `metadata` (`rev`), so the
 * object a writer keeps as the note's metadata says what was sent; every call raises
 * it again (a retry, a re-seal at compaction: revisions only grow).
 */
export function sealNoteMetadata(
  sodium: SealSodium,
  note: MetadataSealable,
  metadata: NoteMetadata,
  /** The key-transparency head this device last saw (40 bytes), carried for members to compare. */
  seenHead?: Uint8Array,
): { metadata: string; metadataSignature?: string } {
  metadata.rev = Math.max(note.metadata?.rev ?? 0, metadata.rev ?? 0) + 1;
  if (seenHead) metadata.seenHead = toBase64(seenHead);
  const sealed = sealMetadata(sodium, note.cek, note.id, metadata);
  return { metadata: sealed, ...signed(sodium, note, "metadata", sealed, "metadataSignature") };
}

export function sealUpdates(
  sodium: SealSodium,
  note: Sealable,
  updates: readonly Uint8Array[],
): { updates: string[]; signatures?: string[] } {
  const sealed = updates.map((u) => sealEnvelope(sodium, note.cek, note.id, u));
  const { signer } = note;
  if (!signer || sealed.length === 0) return { updates: sealed };
  return {
    updates: sealed,
    signatures: sealed.map((e) => signEnvelope(sodium, signer, "update", note.id, note.cek, e)),
  };
}

/** A revision: the snapshot sealed like any other, signed as a revision. */
export function sealRevision(
  sodium: SealSodium,
  note: Sealable,
  state: Uint8Array,
): { snapshot: string; signature?: string } {
  const snapshot = sealEnvelope(sodium, note.cek, note.id, state);
  return { snapshot, ...signed(sodium, note, "revision", snapshot, "signature") };
}

function signed<K extends string>(
  sodium: SealSodium,
  note: Sealable,
  kind: "snapshot" | "metadata" | "revision",
  envelope: string,
  field: K,
): { [key in K]?: string } {
  if (!note.signer) return {};
  const block = signEnvelope(sodium, note.signer, kind, note.id, note.cek, envelope);
  return { [field]: block } as { [key in K]?: string };
}
