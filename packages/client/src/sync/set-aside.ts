// Notes a tombstone would have removed without their owner's word (issue 33, item 3):
// their content stays on the device, out of the live notes (the server takes no edit
// of them), where the person can read, copy or restore it as a new note of their own.
// The reason says why the tombstone was not taken (trust/deletion-check.ts).
import type { OpenNote } from "../notes/open-state";
import type { UnconfirmedReason } from "../trust/seen-states";

export interface UnconfirmedRemoval {
  noteId: string;
  reason: UnconfirmedReason;
  /** The note as this device held it: its text, title and tags. */
  note: OpenNote;
  /** When the server says the note was deleted or this account removed (ISO 8601). */
  at: string;
}

export class SetAsideNotes {
  private readonly byId = new Map<string, UnconfirmedRemoval>();

  get(id: string): UnconfirmedRemoval | undefined {
    return this.byId.get(id.toLowerCase());
  }

  keep(removal: UnconfirmedRemoval): void {
    this.byId.set(removal.noteId.toLowerCase(), removal);
  }

  /** Answers whether the note was set aside. */
  release(id: string): boolean {
    return this.byId.delete(id.toLowerCase());
  }

  all(): UnconfirmedRemoval[] {
    return [...this.byId.values()];
  }
}
