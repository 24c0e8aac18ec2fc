// What the syncs could not open, kept until it opens (issue 33, item 13). A run reports
// only the notes it was served, so a note that did not open stays listed across the
// runs that follow (they are deltas) until a run opens it, or it leaves. A served copy
// older than this device saw (RollbackDetected) is listed too: the device keeps what it
// had, and the person should know the server sent less. So is a key handout refused
// (KeyHandoutRefused): the note stays on the key it had. So is a role the owner did not
// sign, or a roster chain that does not check out (RosterChainRefused): the note keeps the
// role its owner gave. Titles come from the device.
import {
  KeyHandoutRefused,
  type OpenNote,
  RollbackDetected,
  RosterChainRefused,
  type SyncResult,
} from "@notes/client";
import type { NoteWarning } from "./vault-state";

export class NoteWarnings {
  private readonly byId = new Map<string, NoteWarning>();

  /** Takes one run's result; answers whether the list changed. */
  take(result: SyncResult, held: (id: string) => OpenNote | undefined): boolean {
    const before = this.byId.size;
    let changed = false;
    for (const id of [...result.changed, ...result.removed]) changed = this.forget(id) || changed;
    for (const removal of result.unconfirmed) changed = this.forget(removal.noteId) || changed;
    const titled = (id: string) => {
      const title = held(id)?.metadata.title;
      return title === undefined ? {} : { title };
    };
    for (const { noteId, reason } of result.notOpened) {
      this.byId.set(noteId, { id: noteId, reason, ...titled(noteId) });
      changed = true;
    }
    for (const refused of result.refused) {
      // A key the owner did not hand out (issue 33, item 1): the note stays on its key.
      const reason =
        refused instanceof RollbackDetected
          ? "older-copy"
          : refused instanceof KeyHandoutRefused
            ? "key-refused"
            : refused instanceof RosterChainRefused
              ? "role-refused"
              : undefined;
      if (!reason) continue;
      this.byId.set(refused.noteId, { id: refused.noteId, reason, ...titled(refused.noteId) });
      changed = true;
    }
    return changed || before !== this.byId.size;
  }

  /** The note left, or opened: nothing stands for it any more. */
  forget(id: string): boolean {
    return this.byId.delete(id);
  }

  list(): NoteWarning[] {
    return [...this.byId.values()];
  }
}
