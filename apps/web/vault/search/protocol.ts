// The search worker's protocol: requests from the tab, numbered, each answered once
// with the same number. `handleSearchRequest` is the worker's whole behaviour (the
// worker file only wires it to messages), so tests drive it without a Worker.
import { utf8Decode, utf8Encode } from "@notes/crypto";
import { openLocal, sealLocal } from "../local-seal";
import { type SearchDoc, type SearchHit, SearchIndex } from "./search-index";

export type SearchRequest =
  /** Starts afresh, from the sealed index a previous session saved when given. */
  | { type: "open"; key: Uint8Array; sealed?: string | undefined }
  | { type: "upsert"; docs: SearchDoc[] }
  | { type: "remove"; ids: string[] }
  | { type: "query"; text: string; limit?: number }
  /** The index sealed under the key given at open, for IndexedDB. */
  | { type: "seal" };

export type SearchReply =
  /** What each indexed note's stamp was, so the tab sends only what changed since. */
  | { type: "opened"; stamps: Record<string, string>; restored: boolean }
  | { type: "done"; size: number }
  | { type: "hits"; hits: SearchHit[]; total: number; tookMs: number }
  | { type: "sealed"; sealed: string }
  | { type: "error"; message: string };

export interface Envelope<T> {
  id: number;
  body: T;
}

export interface SearchState {
  index: SearchIndex;
  key?: Uint8Array;
}

export function newSearchState(): SearchState {
  return { index: new SearchIndex() };
}

export async function handleSearchRequest(
  state: SearchState,
  request: SearchRequest,
): Promise<SearchReply> {
  switch (request.type) {
    case "open": {
      state.index = new SearchIndex();
      state.key = request.key;
      const docs = request.sealed ? await openDocs(request.key, request.sealed) : undefined;
      for (const doc of docs ?? []) state.index.upsert(doc);
      return { type: "opened", stamps: state.index.stamps(), restored: docs !== undefined };
    }
    case "upsert":
      for (const doc of request.docs) state.index.upsert(doc);
      return { type: "done", size: state.index.size };
    case "remove":
      for (const id of request.ids) state.index.remove(id);
      return { type: "done", size: state.index.size };
    case "query": {
      const started = performance.now();
      const hits = state.index.query(request.text, request.limit);
      return { type: "hits", hits, total: hits.length, tookMs: performance.now() - started };
    }
    case "seal": {
      if (!state.key) return { type: "error", message: "the index is not open" };
      const bytes = utf8Encode(JSON.stringify(state.index.all()));
      return { type: "sealed", sealed: await sealLocal(state.key, bytes) };
    }
    default:
      return { type: "error", message: "unknown request" };
  }
}

/** The sealed documents, or undefined when they do not open (another key, damaged). */
async function openDocs(key: Uint8Array, sealed: string): Promise<SearchDoc[] | undefined> {
  const bytes = await openLocal(key, sealed);
  if (!bytes) return undefined;
  try {
    const docs = JSON.parse(utf8Decode(bytes)) as unknown;
    return Array.isArray(docs) ? docs.filter(isDoc) : undefined;
  } catch {
    return undefined;
  }
}

function isDoc(value: unknown): value is SearchDoc {
  const d = value as SearchDoc;
  return (
    typeof d?.id === "string" &&
    typeof d.title === "string" &&
    Array.isArray(d.tags) &&
    d.tags.every((t) => typeof t === "string") &&
    typeof d.body === "string" &&
    typeof d.stamp === "string"
  );
}
