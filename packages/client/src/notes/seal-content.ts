// Sealing a note's content for the server, signed (docs/client-crypto.md, "Signed
// content"): each envelope under the note's current key and, when the note knows its
// signer, a signature block beside it. The request fields come out ready to spread
// into POST /v1/notes, …/updates, …:compact and …/revisions.
import { type NoteMetadata, type Sodium, sealEnvelope, sealMetadata } from "@notes/crypto";
import { signEnvelope } from "../trust/sign-content";
import type { OpenNote } from "./open-state";

type SealSodium = Parameters<typeof sealEnvelope>[0] &
  Pick<Sodium, "crypto_generichash" | "crypto_sign_detached">;
type Sealable = Pick<OpenNote, "id" | "cek" | "signer">;

export function sealSnapshot(
  sodium: SealSodium,
  note: Sealable,
  state: Uint8Array,
): { snapshot: string; snapshotSignature?: string } {
  const snapshot = sealEnvelope(sodium, note.cek, note.id, state);
  return { snapshot, ...signed(sodium, note, "snapshot", snapshot, "snapshotSignature") };
}

export function sealNoteMetadata(
  sodium: SealSodium,
  note: Sealable,
  metadata: NoteMetadata,
): { metadata: string; metadataSignature?: string } {
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
