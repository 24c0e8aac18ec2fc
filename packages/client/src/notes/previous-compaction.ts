// The note's previous compaction (issue 21, attack 6): what compactions replaced, kept
// by the server for the owner (GET /v1/notes/{id}/previous-compaction, any tier). The
// owner opens it into a document of its own to read, compare or copy back from; it is
// never merged into the note by itself (Yjs would keep the deletions either way).
import { loadSodium, openEnvelope } from "@notes/crypto";
import * as Y from "yjs";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import { UnexpectedResponse } from "../errors";
import { openWithKeys } from "../keys/open-with-keys";
import { keysOf } from "./note-keys";
import type { OpenNote } from "./open-state";

export interface PreviousContent {
  /** The kept snapshot with every kept update applied. */
  doc: Y.Doc;
  /** The version the kept state reaches, and the one its snapshot covered. */
  version: number;
  snapshotVersion: number;
  compactedAt: string;
  /** Who made the latest compaction (an account id), when the server still knows. */
  compactedBy?: string;
}

/**
 * Opens what the note's compactions replaced, or answers undefined when nothing is
 * kept. Only the owner may read it (others get ApiProblem owner-required). Throws
 * UnexpectedResponse when the server leaves out kept updates, DecryptionFailed when
 * no key this device holds for the note opens it.
 */
export async function readPreviousCompaction(
  api: ApiClient,
  note: OpenNote,
): Promise<PreviousContent | undefined> {
  const [sodium, kept] = await Promise.all([
    loadSodium(),
    api.call("notes.readPreviousCompaction", { id: note.id }).catch((error: unknown) => {
      if (isProblem(error, "not-found")) return undefined;
      throw error;
    }),
  ]);
  if (!kept) return undefined;
  if (kept.updates.length !== kept.version - kept.snapshotVersion) {
    throw new UnexpectedResponse(
      `the previous compaction of ${note.id} claims versions it does not carry`,
    );
  }
  const keys = keysOf(note);
  const open = (envelope: string) =>
    openWithKeys(keys, (k) => openEnvelope(sodium, k, note.id, envelope)).value;
  const doc = new Y.Doc();
  doc.transact(() => {
    Y.applyUpdate(doc, open(kept.snapshot));
    for (const envelope of kept.updates) Y.applyUpdate(doc, open(envelope));
  });
  return {
    doc,
    version: kept.version,
    snapshotVersion: kept.snapshotVersion,
    compactedAt: kept.compactedAt,
    ...(kept.compactedBy && { compactedBy: kept.compactedBy }),
  };
}
