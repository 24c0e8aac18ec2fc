// One Yjs awareness (presence: name, colour, cursor) per note, kept while the note is
// on this device. The editor needs it at its first render (recreating a TipTap editor
// when presence arrives would lose the caret a person just placed), and the live room
// shares it; it outlives open/close of the pane, while its timer runs only until the
// note leaves or the session ends.
import { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";

export class AwarenessStore {
  private readonly byNote = new Map<string, Awareness>();

  /** The note's awareness, made on first use (and anew if the note's document changed). */
  of(id: string, doc: Y.Doc): Awareness {
    const held = this.byNote.get(id);
    if (held && held.doc === doc) return held;
    held?.destroy();
    const awareness = new Awareness(doc);
    this.byNote.set(id, awareness);
    return awareness;
  }

  forget(id: string): void {
    this.byNote.get(id)?.destroy();
    this.byNote.delete(id);
  }

  clear(): void {
    for (const awareness of this.byNote.values()) awareness.destroy();
    this.byNote.clear();
  }
}
