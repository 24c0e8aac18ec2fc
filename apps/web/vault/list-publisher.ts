// Builds the list the UI shows from the notes a Notebook holds (with role, shared mark
// and date), and keeps the sealed snapshot a reload shows first
// (list-snapshot.ts) once the list has settled and the person has stopped typing: at
// 10,000 notes handing that list to the worker that seals it is ~15 ms of work, which
// must not land between two keystrokes (an idle callback alone would: the gaps
// between keys are idle time).
import type { SyncEngine } from "@notes/client";
import { listFacts } from "./note-order";
import type { NoteListItem } from "./vault-state";

/** Quiet time after the last change, and after the last key or click, before saving. */
const SNAPSHOT_AFTER_MS = 4_000;
/** Then, at the tab's next idle moment (or after this long at the latest). */
const IDLE_TIMEOUT_MS = 2_000;

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === "function")
    requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else run();
}

/** When the person last pressed a key or a pointer here (0 outside a browser). */
let lastInputAt = 0;
if (typeof addEventListener === "function") {
  const seen = () => {
    lastInputAt = performance.now();
  };
  addEventListener("keydown", seen, { capture: true, passive: true });
  addEventListener("pointerdown", seen, { capture: true, passive: true });
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
    /** When the person last typed or clicked (performance.now() time; 0: never). */
    private readonly lastInput: () => number = () => lastInputAt,
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
    this.scheduleSave(SNAPSHOT_AFTER_MS);
  }

  private scheduleSave(afterMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const input = this.lastInput();
      const typedAgo = performance.now() - input;
      if (input > 0 && typedAgo < SNAPSHOT_AFTER_MS)
        return this.scheduleSave(SNAPSHOT_AFTER_MS - typedAgo);
      const notes = this.latest;
      whenIdle(() => {
        if (!notes || this.latest !== notes) return; // a newer list will be saved instead
        void this.save(notes).catch(() => undefined);
      });
    }, afterMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.latest = undefined;
  }
}
