// The background worker's protocol: requests from the tab, numbered, each answered
// once with the same number. `handleBackgroundRequest` is the worker's whole behaviour
// (the worker file only wires it to messages), so tests drive it without a Worker.
// Its jobs: the full-text index (open, upsert, remove, query, save), sealing the
// notes list snapshot (saveList), and, in a worker of their own, keeping uploads for
// resuming (upload-keeping.ts).
import type { ListSaver, SavedRow } from "../list-saver";
import { PendingUploads } from "../pending-uploads";
import { type SearchDoc, type SearchHit, SearchIndex } from "../search/search-index";
import { allPieces, emptyMembers, pieceOf, readPieces, savePieces } from "./index-pieces";
import { handleUploadRequest, type UploadReply, type UploadRequest } from "./upload-keeping";

export { SEARCH_INDEX_KEY, SEARCH_INDEX_VERSION } from "./index-pieces";

/** Beside it: up to when (ms, this device's clock) it holds what the cache holds. */
export const SEARCH_COVERS_KEY = "searchIndexCovers";

export type BackgroundRequest =
  /**
   * Starts afresh. With `listKey`, the worker also seals the list snapshot
   * (local-seal.ts "list").
   */
  | {
      type: "open";
      key: Uint8Array;
      /**
       * Restores the index a previous session kept (index-pieces.ts), read by the worker
       * from the database itself (megabytes at 10,000 notes, which the tab would
       * otherwise read and copy over while a reload shows its list, issue 35).
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
  /**
   * Seals the pieces of the index changed since they were last kept, a few at a time
   * (index-pieces.ts): asked again while the answer says `more`. `covers` is kept
   * beside it once no piece waits.
   */
  | { type: "save"; covers?: number }
  /**
   * `covers`: stored beside it (list-snapshot.ts LIST_COVERS_KEY), in one transaction;
   * `unlisted`: cached notes kept out of the list on purpose (list-saver.ts).
   */
  | { type: "saveList"; notes: SavedRow[]; covers: number; unlisted?: string[] }
  /** The list this tab saved last covers the cache up to `covers` (list-saver.ts). */
  | { type: "coverList"; covers: number }
  | UploadRequest;

export type BackgroundReply =
  /** What each indexed note's stamp was, so the tab sends only what changed since. */
  | { type: "opened"; stamps: Record<string, string>; restored: boolean }
  | { type: "done"; size: number }
  /** `total`: every note that matched; `capped`: a floor (search-index.ts PREFIX_WORDS). */
  | { type: "hits"; hits: SearchHit[]; total: number; capped: boolean; tookMs: number }
  | { type: "linkers"; ids: string[] }
  | { type: "saved" }
  /** `stored`: false when the snapshot stored is no longer this tab's. */
  | { type: "covered"; stored: boolean }
  /** A save of the index's pieces: `more` pieces wait, ask again. */
  | { type: "indexSaved"; more: boolean }
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
  /** This tab's list snapshot, stored as list-saver.ts says. */
  list: Pick<ListSaver, "save" | "cover">;
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
  /** The index's pieces changed since they were last kept (index-pieces.ts). */
  dirty: Set<number>;
  /** Each piece's note ids. */
  members: Set<string>[];
}

export function newBackgroundState(storeFor: (dbName: string) => MetaStore): BackgroundState {
  return { index: new SearchIndex(), storeFor, dirty: new Set(), members: emptyMembers() };
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
      const docs =
        request.readStored && state.store ? await readPieces(state.store, request.key) : undefined;
      state.members = emptyMembers();
      state.index.upsertMany(docs ?? []);
      for (const doc of docs ?? []) state.members[pieceOf(doc.id)]?.add(doc.id);
      state.index.prepare();
      // Nothing kept whole: the first save writes every piece.
      state.dirty = docs ? new Set() : allPieces();
      return { type: "opened", stamps: state.index.stamps(), restored: docs !== undefined };
    }
    case "upsert":
      state.index.upsertMany(request.docs);
      for (const doc of request.docs) {
        const piece = pieceOf(doc.id);
        state.members[piece]?.add(doc.id);
        state.dirty.add(piece);
      }
      // The words new in the batch join the sorted vocabulary now, not when typed.
      state.index.prepare();
      return { type: "done", size: state.index.size };
    case "remove":
      state.index.removeMany(request.ids);
      for (const id of request.ids) {
        const piece = pieceOf(id);
        state.members[piece]?.delete(id);
        state.dirty.add(piece);
      }
      return { type: "done", size: state.index.size };
    case "query": {
      const started = performance.now();
      const { hits, total, capped } = state.index.search(request.text, request.limit);
      return { type: "hits", hits, total, capped, tookMs: performance.now() - started };
    }
    case "linking":
      return { type: "linkers", ids: state.index.linking(request.id) };
    case "save": {
      const { key, store } = state;
      if (!key || !store) return { type: "error", message: "nothing to save with" };
      const docsOf = (piece: number) => state.index.entries(state.members[piece] ?? []);
      const more = await savePieces(store, key, docsOf, state.dirty);
      if (!more && request.covers !== undefined)
        await store.put(SEARCH_COVERS_KEY, String(request.covers));
      return { type: "indexSaved", more };
    }
    case "saveList": {
      const { listKey, store } = state;
      if (!listKey || !store) return { type: "error", message: "nothing to save with" };
      await store.list.save(listKey, request.notes, request.covers, request.unlisted);
      return { type: "saved" };
    }
    case "coverList": {
      if (!state.store) return { type: "error", message: "nothing to save with" };
      return { type: "covered", stored: await state.store.list.cover(request.covers) };
    }
    case "keepUpload":
    case "listUploads":
    case "readUpload":
    case "sealChunk":
    case "openChunk":
      state.uploads ??= new PendingUploads();
      return handleUploadRequest(state.uploads, request);
    default:
      return { type: "error", message: "unknown request" };
  }
}
