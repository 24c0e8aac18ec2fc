// Putting back what a destructive compaction dropped (issue 21, attack 6). A device
// that refused a compacted snapshot (CompactionIncomplete) still holds the writers'
// edits the snapshot left out; until the server holds them again, every device that
// opens the note fresh lacks them, and later edits of those writers wait there
// forever (Yjs applies a writer's items only in order). The heal is one update of
// exactly what was left out, which the refusing device appends as its own.
import * as Y from "yjs";
import type { CompactionIncomplete } from "../errors";
import type { OpenNote } from "./open-state";

/** The items of the writers `refused` names, from where the snapshot stopped. */
export function healUpdate(note: Pick<OpenNote, "doc">, refused: CompactionIncomplete): Uint8Array {
  const from = Y.decodeStateVector(Y.encodeStateVector(note.doc));
  for (const { client, covered } of refused.missing) from.set(client, covered);
  return Y.encodeStateAsUpdate(note.doc, Y.encodeStateVector(from));
}
