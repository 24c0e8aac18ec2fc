// Note history (contract.md §3 revisions, premium): a revision is the whole Yjs state,
// or a delta over an earlier revision, sealed like a snapshot (§9 rules 4, 5: one
// envelope under the content key, the note id as associated data) with the key's
// epochId (rule 6) beside it. Reading tries the
// key the epochId names first, then every held key (rows without one are probed), and
// applies a delta over its base. Restoring copies the old content into the live
// document as one local transaction: it is sealed and synced like any other edit.
import { deriveEpochId, fromBase64, loadSodium, openEnvelope } from "@notes/crypto";
import * as Y from "yjs";
import type { ApiClient } from "../api/client";
import type { Output } from "../api/types";
import { UnexpectedResponse } from "../errors";
import { openWithKeys } from "../keys/open-with-keys";
import { checkSignature, type SignatureCheck } from "../trust/signature-check";
import type { Session } from "../vault/session";
import type { OpenNote } from "./open-state";
import { sealRevision } from "./seal-content";
import { contentOf } from "./text";

export type RevisionDescriptor = Output<"notes.storeRevision">;

/** What the revision stored last held, so the next one can be a delta over it. */
export interface RevisionBase {
  revision: number;
  stateVector: Uint8Array;
  /** Deltas between it and the last full revision (0: it is full). */
  depth: number;
}

/** Past this many deltas in a row the next revision is full, so reading stays short. */
export const MAX_DELTA_DEPTH = 16;

/**
 * Seals the note's content and stores it as a new revision: the whole state, or with
 * `base` only what changed since that revision (a delta naming it as baseRevision).
 * Answers the descriptor and the base for the next one.
 */
export async function storeRevision(
  api: ApiClient,
  note: OpenNote,
  base?: RevisionBase,
): Promise<{ descriptor: RevisionDescriptor; base: RevisionBase }> {
  const sodium = await loadSodium();
  const delta = base !== undefined && base.depth < MAX_DELTA_DEPTH ? base : undefined;
  const state = Y.encodeStateAsUpdate(note.doc, delta?.stateVector);
  const stateVector = Y.encodeStateVector(note.doc);
  const descriptor = await api.call("notes.storeRevision", {
    id: note.id,
    ...sealRevision(sodium, note, state),
    epochId: deriveEpochId(sodium, note.cek),
    ...(delta && { baseRevision: delta.revision }),
  });
  const depth = delta ? delta.depth + 1 : 0;
  return { descriptor, base: { revision: descriptor.revision, stateVector, depth } };
}

/** The note's revisions, newest first. */
export async function listRevisions(api: ApiClient, noteId: string): Promise<RevisionDescriptor[]> {
  return (await api.call("notes.listRevisions", { id: noteId })).revisions;
}

/** Opens one revision into a fresh document (following baseRevision for a delta). */
export async function openRevision(
  api: ApiClient,
  note: OpenNote,
  revision: number,
): Promise<Y.Doc> {
  return (await readRevisionChain(api, note, revision)).doc;
}

/**
 * As openRevision, with the revision's signature checked against this session's keys
 * (docs/client-crypto.md, "Signed content"): who captured it, as its signature says,
 * whatever the descriptor's authorHandle (the server's word) claims.
 */
export async function openSignedRevision(
  api: ApiClient,
  session: Session,
  note: OpenNote,
  revision: number,
): Promise<{ doc: Y.Doc; signature: SignatureCheck }> {
  const sodium = await loadSodium();
  const { doc, head } = await readRevisionChain(api, note, revision);
  const signature = checkSignature(
    sodium,
    session,
    head.read.signature,
    { kind: "revision", scope: note.id, key: head.key },
    fromBase64(head.read.snapshot),
  );
  return { doc, signature };
}

async function readRevisionChain(
  api: ApiClient,
  note: OpenNote,
  revision: number,
): Promise<{ doc: Y.Doc; head: { read: Output<"notes.readRevision">; key: Uint8Array } }> {
  const sodium = await loadSodium();
  const held = [note.cek, ...(note.formerCeks ?? [])];
  const doc = new Y.Doc();
  const chain: Uint8Array[] = [];
  let head: { read: Output<"notes.readRevision">; key: Uint8Array } | undefined;
  let next: number | undefined = revision;
  // A delta's base comes first; a chain never loops back (bases are older).
  while (next !== undefined && chain.length < 64) {
    const read: Output<"notes.readRevision"> = await api.call("notes.readRevision", {
      id: note.id,
      revision: next,
    });
    const named = read.epochId
      ? held.filter((key) => deriveEpochId(sodium, key) === read.epochId)
      : [];
    const keys = [...named, ...held.filter((key) => !named.includes(key))];
    const opened = openWithKeys(keys, (k) => openEnvelope(sodium, k, note.id, read.snapshot));
    head ??= { read, key: keys[opened.index] as Uint8Array };
    chain.unshift(opened.value);
    next =
      read.baseRevision !== undefined && read.baseRevision < next ? read.baseRevision : undefined;
  }
  for (const update of chain) Y.applyUpdate(doc, update);
  // The loop reads at least the revision asked for.
  if (!head) throw new UnexpectedResponse(`revision ${revision} was not read`);
  return { doc, head };
}

/** Replaces the live content with a revision's, as one local (syncing) transaction. */
export function restoreRevision(doc: Y.Doc, revision: Y.Doc): void {
  const target = contentOf(doc);
  const copies = contentOf(revision)
    .toArray()
    // Hooks (never written by this app's editors) have no place in the content list.
    .flatMap((node) => (node instanceof Y.XmlHook ? [] : [node.clone()]));
  doc.transact(() => {
    if (target.length > 0) target.delete(0, target.length);
    target.insert(0, copies);
  });
}
