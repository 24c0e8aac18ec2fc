// Full-text search for one Notebook: the index lives in the session's background
// worker (background/session-background.ts); this side extracts each note's text from
// its Yjs document, sends only notes whose stamp changed since the worker last saw
// them, and keeps the index sealed in IndexedDB (local-seal.ts) a moment after it
// settles, so a reload re-reads only what changed. Nothing about the notes leaves the
// tab unencrypted.
import { type OpenNote, readText, yieldToEventLoop } from "@notes/client";
import { toBase64 } from "@notes/crypto";
import * as Y from "yjs";
import type { BackgroundClient } from "../background/background-client";
import type { SessionBackground } from "../background/session-background";
import type { SearchHit } from "./search-index";

const SAVE_AFTER_MS = 3_000;
const SLICE_MS = 12;
const BATCH = 200;

export interface SearchResults {
  hits: SearchHit[];
  tookMs: number;
}

export class NoteSearch {
  private readonly client: BackgroundClient;
  private stamps: Record<string, string> = {};
  private readonly ready: Promise<void>;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(background: SessionBackground) {
    this.client = background.client;
    this.ready = background.opened.then((opened) => {
      this.stamps = opened.stamps;
    });
  }

  /** (Re)indexes the notes whose text, title or tags changed since last indexed. */
  async index(notes: readonly OpenNote[]): Promise<void> {
    await this.ready;
    let batch: Parameters<BackgroundClient["send"]>[0] & { type: "upsert" } = {
      type: "upsert",
      docs: [],
    };
    let sliceStart = performance.now();
    for (const note of notes) {
      if (this.closed) return;
      const stamp = stampOf(note);
      if (this.stamps[note.id] === stamp) continue;
      this.stamps[note.id] = stamp;
      const { title, tags } = note.metadata;
      batch.docs.push({ id: note.id, title, tags: [...tags], body: readText(note.doc), stamp });
      if (batch.docs.length >= BATCH) {
        await this.client.send(batch, "done");
        batch = { type: "upsert", docs: [] };
      }
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
    if (batch.docs.length > 0) await this.client.send(batch, "done");
    this.scheduleSave();
  }

  async remove(ids: readonly string[]): Promise<void> {
    await this.ready;
    for (const id of ids) delete this.stamps[id];
    await this.client.send({ type: "remove", ids: [...ids] }, "done");
    this.scheduleSave();
  }

  async query(text: string): Promise<SearchResults> {
    await this.ready;
    const { hits, tookMs } = await this.client.send({ type: "query", text }, "hits");
    return { hits, tookMs };
  }

  /** Stops indexing and saving; the worker itself is closed with its session. */
  close(): void {
    this.closed = true;
    clearTimeout(this.saveTimer);
  }

  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.save().catch(() => undefined), SAVE_AFTER_MS);
  }

  private async save(): Promise<void> {
    if (!this.closed) await this.client.send({ type: "save" }, "saved");
  }
}

/** What the index saw: the document's state vector (any edit moves it), title and tags. */
function stampOf(note: OpenNote): string {
  const vector = toBase64(Y.encodeStateVector(note.doc));
  return `${vector}|${note.metadata.title}|${note.metadata.tags.join("\u0000")}`;
}
