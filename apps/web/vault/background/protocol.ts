// The background worker's protocol: requests from the tab, numbered, each answered
// once with the same number. `handleBackgroundRequest` is the worker's whole behaviour
// (the worker file only wires it to messages), so tests drive it without a Worker.
// Its jobs: the full-text index (open, upsert, remove, query, save), sealing the
// notes list snapshot (saveList), and, in a worker of their own, keeping uploads for
// resuming (upload-keeping.ts).
import { LIST_COVERS_KEY, LIST_SNAPSHOT_KEY } from "../list-snapshot";
import { openLocalJson, sealLocalJson } from "../local-seal";
import { PendingUploads } from "../pending-uploads";
import { type SearchDoc, type SearchHit, SearchIndex } from "../search/search-index";
import { handleUploadRequest, type UploadReply, type UploadRequest } from "./upload-keeping";

/** Where the sealed index is kept, in IndexedDB's "meta" store. */
export const SEARCH_INDEX_KEY = "searchIndex";
/** Beside it: up to when (ms, this device's clock) it holds what the cache holds. */
export const SEARCH_COVERS_KEY = "searchIndexCovers";

/**
 * The sealed index says how its bodies were read; one stored under another version
 * (or before versions, a bare array) is not restored, so every note is read again.
 * 2: plain text with a line break at every block (list items no longer run together).
 * 3: with the ids each note links to (backlinks, issue 35).
 */
export const SEARCH_INDEX_VERSION = 3;

interface StoredIndex {
  version: number;
  docs: SearchDoc[];
}

export type BackgroundRequest =
  /**
   * Starts afresh, from the sealed index a previous session saved when given. With
   * `listKey`, the worker also seals the list snapshot (local-seal.ts "list").
   */
  | {
      type: "open";
      key: Uint8Array;
      sealed?: string | undefined;
      /**
       * No `sealed` given: the worker reads the sealed index from the database itself
       * (megabytes at 10,000 notes, which the tab would otherwise read and copy over
       * while a reload shows its list, issue 35).
       */
      readStored?: boolean;
      listKey?: Uint8Array;
      /** The tab's IndexedDB database, where "save" and "saveList" write. */
      dbName?: string;
    }
  | { type: "upsert"; docs: SearchDoc[] }
  | { type: "remove"; ids: string[] }
  | { type: "query"; text: string; limit?: number }
  /** The notes that link to a note (their bodies were read with their links). */
  | { type: "linking"; id: string }
  /**
   * Seals and stores the index (SEARCH_INDEX_KEY), or the notes list as shown
   * (list-snapshot.ts), here rather than in the tab: at 10,000 notes each is megabytes
   * to serialise, seal and write, which would otherwise land between two keystrokes.
   */
  | { type: "save"; covers?: number }
  /** `covers`: stored beside it (list-snapshot.ts LIST_COVERS_KEY), after it. */
  | { type: "saveList"; notes: unknown[]; covers?: number }
  | UploadRequest;

export type BackgroundReply =
  /** What each indexed note's stamp was, so the tab sends only what changed since. */
  | { type: "opened"; stamps: Record<string, string>; restored: boolean }
  | { type: "done"; size: number }
  /** `total`: every note that matched; `capped`: a floor (search-index.ts PREFIX_WORDS). */
  | { type: "hits"; hits: SearchHit[]; total: number; capped: boolean; tookMs: number }
  | { type: "linkers"; ids: string[] }
  | { type: "saved" }
  | UploadReply
  | { type: "error"; message: string };

export interface Envelope<T> {
  id: number;
  body: T;
}

/** IndexedDB's "meta" store as the worker sees it (an in-memory one in tests). */
export interface MetaStore {
  put(key: string, value: string): Promise<void>;
  get(key: string): Promise<string | undefined>;
}

export interface BackgroundState {
  index: SearchIndex;
  key?: Uint8Array;
  listKey?: Uint8Array;
  store?: MetaStore | undefined;
  /** Opens the database named at "open" (the worker's IndexedDB; a fake in tests). */
  storeFor: (dbName: string) => MetaStore;
  /** The uploads kept for resuming, opened on first use. */
  uploads?: PendingUploads;
}

export function newBackgroundState(storeFor: (dbName: string) => MetaStore): BackgroundState {
  return { index: new SearchIndex(), storeFor };
}

export async function handleBackgroundRequest(
  state: BackgroundState,
  request: BackgroundRequest,
): Promise<BackgroundReply> {
  switch (request.type) {
    case "open": {
      state.index = new SearchIndex();
      state.key = request.key;
      state.listKey = request.listKey;
      state.store = request.dbName === undefined ? undefined : state.storeFor(request.dbName);
      const sealed =
        request.sealed ??
        (request.readStored ? await state.store?.get(SEARCH_INDEX_KEY) : undefined);
      const docs = sealed ? await openDocs(request.key, sealed) : undefined;
      for (const doc of docs ?? []) state.index.upsert(doc);
      state.index.prepare();
      return { type: "opened", stamps: state.index.stamps(), restored: docs !== undefined };
    }
    case "upsert":
      for (const doc of request.docs) state.index.upsert(doc);
      // The words new in the batch join the sorted vocabulary now, not when typed.
      state.index.prepare();
      return { type: "done", size: state.index.size };
    case "remove":
      for (const id of request.ids) state.index.remove(id);
      return { type: "done", size: state.index.size };
    case "query": {
      const started = performance.now();
      const { hits, total, capped } = state.index.search(request.text, request.limit);
      return { type: "hits", hits, total, capped, tookMs: performance.now() - started };
    }
    case "linking":
      return { type: "linkers", ids: state.index.linking(request.id) };
    case "save":
    case "saveList": {
      const key = request.type === "save" ? state.key : state.listKey;
      if (!key || !state.store) return { type: "error", message: "nothing to save with" };
      const [name, value] =
        request.type === "save"
          ? [
              SEARCH_INDEX_KEY,
              { version: SEARCH_INDEX_VERSION, docs: state.index.all() } satisfies StoredIndex,
            ]
          : [LIST_SNAPSHOT_KEY, request.notes];
      await state.store.put(name, await sealLocalJson(key, value));
      if (request.covers !== undefined)
        await state.store.put(
          request.type === "save" ? SEARCH_COVERS_KEY : LIST_COVERS_KEY,
          String(request.covers),
        );
      return { type: "saved" };
    }
    case "keepUpload":
    case "listUploads":
    case "readUpload":
    case "sealChunk":
      state.uploads ??= new PendingUploads();
      return handleUploadRequest(state.uploads, request);
    default:
      return { type: "error", message: "unknown request" };
  }
}

/**
 * The sealed documents, or undefined when they do not open (another key, damaged)
 * or were indexed under another SEARCH_INDEX_VERSION.
 */
async function openDocs(key: Uint8Array, sealed: string): Promise<SearchDoc[] | undefined> {
  const stored = (await openLocalJson(key, sealed)) as Partial<StoredIndex> | undefined;
  if (stored?.version !== SEARCH_INDEX_VERSION || !Array.isArray(stored.docs)) return undefined;
  return stored.docs.filter(isDoc);
}

function isDoc(value: unknown): value is SearchDoc {
  const d = value as SearchDoc;
  return (
    typeof d?.id === "string" &&
    typeof d.title === "string" &&
    Array.isArray(d.tags) &&
    d.tags.every((t) => typeof t === "string") &&
    typeof d.body === "string" &&
    typeof d.stamp === "string" &&
    (d.links === undefined ||
      (Array.isArray(d.links) && d.links.every((l) => typeof l === "string")))
  );
}
