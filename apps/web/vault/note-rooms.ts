// Presence and live rooms for a Notebook's notes: each note's awareness (cursors),
// shared by its editor and its live room, and joining a shared note's room while it
// is open. Peers' frames apply live and are checked like any content (who signed them);
// their authors append them, never this device.
import type { ApiClient, OpenNote, Session } from "@notes/client";
import type { Awareness } from "y-protocols/awareness";
import { AwarenessStore } from "./awareness-store";
import { LiveNote } from "./live-note";

export interface RoomNotes {
  note(id: string): OpenNote | undefined;
  /** The room heard of a change it does not carry: sync. */
  syncNow(): void;
}

export class NoteRooms {
  private readonly presence = new AwarenessStore();

  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
    private readonly notes: RoomNotes,
  ) {}

  /** The note's presence (cursors) for its editor and live room. */
  awareness(id: string): Awareness | undefined {
    const note = this.notes.note(id);
    return note && this.presence.of(id, note.doc);
  }

  /** Joins the note's live room (shared notes, while open); leave() when done. */
  join(id: string, awareness: Awareness): LiveNote | undefined {
    const note = this.notes.note(id);
    if (!note) return undefined;
    return LiveNote.join(this.api, this.session, note, awareness, () => this.notes.syncNow());
  }

  /** The note left this device: its presence goes. */
  forget(id: string): void {
    this.presence.forget(id);
  }

  clear(): void {
    this.presence.clear();
  }
}
