// Builds the list the UI shows from the notes a Notebook holds (sorted by title, with
// role, shared mark and date), and keeps the sealed snapshot a reload shows first
// (list-snapshot.ts) a moment after the list settles, not on every keystroke.
import type { Session, SyncEngine } from "@notes/client";
import { saveListSnapshot } from "./list-snapshot";
import type { LocalDb } from "./local-db";
import { listFacts } from "./note-order";
import type { NoteListItem } from "./vault-state";

const SNAPSHOT_AFTER_MS = 1_000;

export class ListPublisher {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly engine: SyncEngine,
    private readonly memberCounts: ReadonlyMap<string, number>,
    private readonly db: LocalDb,
    private readonly session: Session,
    private readonly show: (notes: NoteListItem[]) => void,
  ) {}

  publish(): void {
    const notes = this.engine.list().map(({ id, title, tags }): NoteListItem => {
      const note = this.engine.note(id);
      return {
        id,
        title,
        tags,
        role: note?.role ?? "owner",
        shared: (this.memberCounts.get(id) ?? 1) > 1,
        ...listFacts(note),
      };
    });
    this.show(notes);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void saveListSnapshot(this.db, this.session, notes).catch(() => undefined);
    }, SNAPSHOT_AFTER_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
