// Builds the list the UI shows from the notes a Notebook holds (with role, shared mark
// and date), and keeps the sealed snapshot a reload shows first
// (list-snapshot.ts) once the list has settled and the tab is idle: at 10,000 notes
// that snapshot is a megabyte to serialise and seal, which must not land between two
// keystrokes.
import type { SyncEngine } from "@notes/client";
import { listFacts } from "./note-order";
import type { NoteListItem } from "./vault-state";

/** Quiet time after the last change before the snapshot is saved. */
const SNAPSHOT_AFTER_MS = 4_000;
/** Then, at the tab's next idle moment (or after this long at the latest). */
const IDLE_TIMEOUT_MS = 2_000;

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === "function")
    requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else run();
}

export class ListPublisher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private latest: NoteListItem[] | undefined;

  constructor(
    private readonly engine: SyncEngine,
    private readonly memberCounts: ReadonlyMap<string, number>,
    private readonly show: (notes: NoteListItem[]) => void,
    /** Seals and stores the snapshot (in the search worker where there is one). */
    private readonly save: (notes: NoteListItem[]) => Promise<void>,
  ) {}

  publish(): void {
    // In no particular order: the list arranges them as the person chose (note-order.ts).
    const notes: NoteListItem[] = [];
    for (const note of this.engine.held()) {
      const { title, tags } = note.metadata;
      notes.push({
        id: note.id,
        title,
        tags: [...tags],
        role: note.role,
        shared: (this.memberCounts.get(note.id) ?? 1) > 1,
        ...listFacts(note),
      });
    }
    this.show(notes);
    this.latest = notes;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      whenIdle(() => {
        if (this.latest !== notes) return; // a newer list will be saved instead
        void this.save(notes).catch(() => undefined);
      });
    }, SNAPSHOT_AFTER_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.latest = undefined;
  }
}
