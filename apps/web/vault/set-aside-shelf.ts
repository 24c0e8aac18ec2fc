// Notes set aside on this browser (issue 33, item 3): a tombstone without the owner's
// signature (a removal, a leave made elsewhere, an unsigned or forged deletion) no
// longer wipes a note. Its sealed copy and keys stay in the cache, out of the live
// notes, listed in the Trash as "Removed by the server — not confirmed by the owner",
// where the person can restore it as a new note of their own, download it, or discard
// it. A reload finds it again from the seen state, which says the note left unconfirmed
// (`restore`: only those notes are read from the cache, issue 35).
import {
  noteToMarkdown,
  type OpenNote,
  type Session,
  type SyncEngine,
  seenStatesOf,
  type UnconfirmedRemoval,
} from "@notes/client";
import type { NoteMetadata } from "@notes/crypto";
import * as Y from "yjs";
import type { LocalDb } from "./local-db";
import { cacheNotes, loadCachedNotesById } from "./note-cache";
import type { NotebookHost } from "./notebook-host";
import type { SetAsideItem } from "./vault-state";

export interface ShelfNotebook {
  engine: SyncEngine;
  db: LocalDb;
  session: Session;
  host: Pick<NotebookHost, "set">;
  /** Takes the note out of everything live (writer, room, search, member counts). */
  leaveLive(id: string): void;
  /** Creates a new note of this account's; answers its id. */
  create(metadata: NoteMetadata): Promise<string>;
}

export class SetAsideShelf {
  constructor(private readonly notebook: ShelfNotebook) {}

  /**
   * A note opened from the cache that left this device unconfirmed is held aside (and
   * answers true); one whose deletion was confirmed goes from the cache (true); any
   * other is live (false).
   */
  holdCached(note: OpenNote): boolean {
    const { engine, db, session } = this.notebook;
    const left = seenStatesOf(session).get(note.id)?.left;
    if (!left) return false;
    if (left.confirmed) {
      void db.delete("notes", note.id);
      return true;
    }
    engine.keepAside({ noteId: note.id, reason: left.reason ?? "unsigned", note, at: left.at });
    return true;
  }

  /**
   * At start: the notes the seen states say left this device, read from the cache (and
   * no other): held aside when unconfirmed, their copy dropped when confirmed. Then
   * the Trash lists them.
   */
  async restore(): Promise<void> {
    const { db, session } = this.notebook;
    const left = seenStatesOf(session)
      .all()
      .flatMap((state) => (state.left ? [state.noteId] : []));
    if (left.length > 0)
      for (const { note } of await loadCachedNotesById(db, session, left)) this.holdCached(note);
    this.publish();
  }

  /** Sync set a note aside: out of the live notes, its cached copy kept as it was held. */
  async take(removal: UnconfirmedRemoval): Promise<void> {
    const { db, session } = this.notebook;
    this.notebook.leaveLive(removal.noteId);
    await cacheNotes(db, session, [removal.note]);
    this.publish();
  }

  note(id: string): OpenNote | undefined {
    return this.removal(id)?.note;
  }

  /** The note's text and title as a new note of this account's; the set-aside copy goes. */
  async restoreAsNew(id: string): Promise<string | undefined> {
    const removal = this.removal(id);
    if (!removal) return undefined;
    const { title, tags } = removal.note.metadata;
    const newId = await this.notebook.create({ title, tags, createdAt: new Date().toISOString() });
    const fresh = this.notebook.engine.note(newId);
    // A local edit of the new note (no remote origin): the writer seals and appends it.
    if (fresh) Y.applyUpdate(fresh.doc, Y.encodeStateAsUpdate(removal.note.doc));
    await this.discard(id);
    return newId;
  }

  /** The note as a Markdown file (title and tags in its front matter). */
  markdown(id: string): { fileTitle: string; text: string } | undefined {
    const note = this.note(id);
    if (!note) return undefined;
    const { title, tags } = note.metadata;
    return { fileTitle: title, text: noteToMarkdown({ title, tags, doc: note.doc }) };
  }

  /** Lets the set-aside copy go (its keys too); what was seen of the note stays. */
  async discard(id: string): Promise<void> {
    const { engine, db, session } = this.notebook;
    if (!engine.releaseAside(id)) return;
    session.keyring?.forget(id);
    await db.delete("notes", id);
    this.publish();
  }

  /** The set-aside notes into the vault state (the Trash lists them). */
  publish(): void {
    const items: SetAsideItem[] = this.notebook.engine.unconfirmedRemovals().map((r) => ({
      id: r.noteId,
      title: r.note.metadata.title,
      reason: r.reason,
      at: r.at,
    }));
    this.notebook.host.set({ setAside: items });
  }

  private removal(id: string): UnconfirmedRemoval | undefined {
    return this.notebook.engine.unconfirmedRemovals().find((r) => r.noteId === id);
  }
}
