// When this client stores a note's revision (premium accounts only; contract.md §3):
// when the note is closed or switched away from after local edits, and while editing
// goes on, at most once every 10 minutes. Free accounts, viewers and notes nobody
// edited store nothing. Within a session each revision is a delta over the one this
// tab stored before (a full one every so often). Storing is best-effort background
// work: a failure leaves the note marked edited, so the next moment tries again.
import { isRemoteOrigin, type OpenNote, type RevisionBase } from "@notes/client";
import type * as Y from "yjs";

export const REVISION_INTERVAL_MS = 10 * 60 * 1000;

export interface NoteHistoryDeps {
  /**
   * Seals and stores one revision of the note's content, a delta over `base` (the one
   * this tab stored last) when given; answers the base for the next one.
   */
  store(note: OpenNote, base: RevisionBase | undefined): Promise<RevisionBase>;
  /** Whether the account may keep history (its tier is not free). */
  premium(): boolean;
  now?(): number;
}

interface Tracked {
  note: OpenNote;
  /** Local edits since the last stored revision. */
  edited: boolean;
  /** When the last revision was stored, or editing began in this session. */
  since: number;
  timer?: ReturnType<typeof setTimeout>;
  stop(): void;
}

export class NoteHistory {
  private readonly tracked = new Map<string, Tracked>();
  /** Per note, the revision this tab stored last (kept across closing and reopening). */
  private readonly bases = new Map<string, RevisionBase>();
  private readonly now: () => number;

  constructor(private readonly deps: NoteHistoryDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The note is open for editing: its local edits count from now. */
  open(note: OpenNote): void {
    if (this.tracked.get(note.id)?.note === note) return;
    this.tracked.get(note.id)?.stop();
    const onUpdate = (_update: Uint8Array, origin: unknown) => {
      if (!isRemoteOrigin(origin)) this.edited(note.id);
    };
    note.doc.on("update", onUpdate);
    const doc: Y.Doc = note.doc;
    const entry: Tracked = {
      note,
      edited: false,
      since: this.now(),
      stop: () => {
        doc.off("update", onUpdate);
        clearTimeout(entry.timer);
      },
    };
    this.tracked.set(note.id, entry);
  }

  /** The note was closed or switched away from: store what was edited, stop watching. */
  close(id: string): Promise<void> {
    const entry = this.tracked.get(id);
    if (!entry) return Promise.resolve();
    entry.stop();
    this.tracked.delete(id);
    return entry.edited ? this.store(entry) : Promise.resolve();
  }

  /** Every open note is closed (sign-out, page hide); the next revisions start full. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.tracked.keys()].map((id) => this.close(id)));
    this.bases.clear();
  }

  private edited(id: string): void {
    const entry = this.tracked.get(id);
    if (!entry || !this.deps.premium() || !writable(entry.note)) return;
    if (!entry.edited) {
      entry.edited = true;
      // Editing that began long after the last revision still waits a full interval.
      if (this.now() - entry.since >= REVISION_INTERVAL_MS) entry.since = this.now();
    }
    if (entry.timer !== undefined) return;
    const wait = Math.max(0, entry.since + REVISION_INTERVAL_MS - this.now());
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (entry.edited && this.tracked.get(id) === entry) void this.store(entry);
    }, wait);
  }

  private async store(entry: Tracked): Promise<void> {
    if (!this.deps.premium() || !writable(entry.note)) return;
    entry.edited = false;
    entry.since = this.now();
    try {
      const { id } = entry.note;
      this.bases.set(id, await this.deps.store(entry.note, this.bases.get(id)));
    } catch {
      entry.edited = true;
    }
  }
}

function writable(note: OpenNote): boolean {
  return note.role === "owner" || note.role === "editor";
}
