// Full-text search for one Notebook: the index lives in the session's background
// worker (background/session-background.ts); this side extracts each note's text from
// its Yjs document, sends only notes whose stamp changed since the worker last saw
// them, and keeps the index sealed in IndexedDB (local-seal.ts) a moment after it
// settles, so a reload re-reads only what changed. Nothing about the notes leaves the
// tab unencrypted.
import {
  noteStateVector,
  type OpenNote,
  readText,
  withNoteDoc,
  yieldToEventLoop,
} from "@notes/client";
import { toBase64 } from "@notes/crypto";
import { onTabHidden } from "../after-pause";
import type { BackgroundClient } from "../background/background-client";
import type { SessionBackground } from "../background/session-background";
import { linkedIds } from "../note-links";
import type { SearchDoc, SearchHit } from "./search-index";

const SAVE_AFTER_MS = 3_000;
/** How long before a save a note must have been cached to be surely in it. */
const COVER_MARGIN_MS = 10_000;
const SLICE_MS = 12;
const BATCH = 200;

export interface SearchResults {
  hits: SearchHit[];
  /** Every note that matched (the hits are the best of them). */
  total: number;
  /** The last word began too many words to look through all: `total` is a floor. */
  capped: boolean;
  tookMs: number;
}

export class NoteSearch {
  private readonly client: BackgroundClient;
  private stamps: Record<string, string> = {};
  private readonly ready: Promise<void>;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private readonly stopHidden: () => void;

  /**
   * `changed`: told after the index took new or changed notes, or let some go, so
   * results on screen are asked again (a query typed before a note synced finds it).
   */
  constructor(
    background: SessionBackground,
    private readonly changed: () => void = () => undefined,
  ) {
    this.client = background.client;
    this.ready = background.opened.then((opened) => {
      this.stamps = opened.stamps;
    });
    // A save that waits goes out when the tab is hidden (a reload, say): a reload reads
    // only the notes the saved index lacks (issue 35), so it should lack none.
    this.stopHidden = onTabHidden(() => {
      if (this.saveTimer === undefined) return;
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
      void this.save().catch(() => undefined);
    });
  }

  /**
   * What the index needs of the note, read now (a sync page reads each note before
   * letting it rest, resting-doc.ts in the SDK; a resting note is read through a
   * throwaway copy). Handed to `add` later.
   */
  read(note: OpenNote): SearchDoc {
    const { title, tags } = note.metadata;
    const [body, links] = withNoteDoc(note, (doc) => [readText(doc), linkedIds(doc)] as const);
    return {
      id: note.id,
      title,
      tags: [...tags],
      body,
      stamp: stampOf(note),
      ...(links.length > 0 && { links }),
    };
  }

  /** The ids of the notes indexed that link to `id` (as last read). */
  async linking(id: string): Promise<string[]> {
    await this.ready;
    return (await this.client.send({ type: "linking", id }, "linkers")).ids;
  }

  /** (Re)indexes the notes whose text, title or tags changed since last indexed. */
  async index(notes: readonly OpenNote[]): Promise<void> {
    await this.ready;
    const read: SearchDoc[] = [];
    let sliceStart = performance.now();
    for (const note of notes) {
      if (this.closed) return;
      // The stamp first: a note whose stamp stands is not read at all.
      if (this.stamps[note.id] === stampOf(note)) continue;
      read.push(this.read(note));
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
    await this.add(read);
  }

  /** The ids among `ids` the index has never seen (their notes are read for it). */
  async lacking(ids: readonly string[]): Promise<string[]> {
    await this.ready;
    return ids.filter((id) => this.stamps[id] === undefined);
  }

  /** Sends the notes read (`read`) whose stamps changed to the index, a batch at a time. */
  async add(docs: readonly SearchDoc[]): Promise<void> {
    await this.ready;
    const fresh = docs.filter((doc) => this.stamps[doc.id] !== doc.stamp);
    for (let from = 0; from < fresh.length; from += BATCH) {
      if (this.closed) return;
      const batch = fresh.slice(from, from + BATCH);
      for (const doc of batch) this.stamps[doc.id] = doc.stamp;
      await this.client.send({ type: "upsert", docs: batch }, "done");
    }
    if (fresh.length > 0) {
      this.scheduleSave();
      if (!this.closed) this.changed();
    }
  }

  async remove(ids: readonly string[]): Promise<void> {
    await this.ready;
    for (const id of ids) delete this.stamps[id];
    await this.client.send({ type: "remove", ids: [...ids] }, "done");
    this.scheduleSave();
    if (!this.closed) this.changed();
  }

  async query(text: string): Promise<SearchResults> {
    await this.ready;
    const { hits, total, capped, tookMs } = await this.client.send({ type: "query", text }, "hits");
    return { hits, total, capped, tookMs };
  }

  /** Stops indexing and saving; the worker itself is closed with its session. */
  close(): void {
    this.closed = true;
    clearTimeout(this.saveTimer);
    this.stopHidden();
  }

  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.save().catch(() => undefined);
    }, SAVE_AFTER_MS);
  }

  private async save(): Promise<void> {
    // Every note read before now is in it; a note cached in the moments before may not
    // have been read yet (a sync page is read, then cached): a reload re-reads those.
    const covers = Date.now() - COVER_MARGIN_MS;
    // A few pieces a request (index-pieces.ts): queries asked meanwhile go between.
    while (!this.closed) {
      const { more } = await this.client.send({ type: "save", covers }, "indexSaved");
      if (!more) return;
    }
  }
}

/** What the index saw: the document's state vector (any edit moves it), title and tags. */
function stampOf(note: OpenNote): string {
  const vector = toBase64(noteStateVector(note));
  return `${vector}|${note.metadata.title}|${note.metadata.tags.join("\u0000")}`;
}
