// The search index at rest, in pieces. Sealed whole, 100,000 notes of ~1 KiB were one
// IndexedDB value of ~155 MB (JSON, sealed, Base64): Chromium refuses a value of
// ~140 MB, and sealing it held the worker, and every query behind it, for seconds
// after each change. Each note now belongs to one of INDEX_PIECES pieces (by a hash of
// its id); a change marks its piece, and a save seals only the marked pieces, at most
// PIECES_PER_SAVE of them a request, so queries asked meanwhile are answered between.
// Piece 0 is kept at SEARCH_INDEX_KEY (so one key still says whether an index is
// kept), piece n at `${SEARCH_INDEX_KEY}:${n}`; each holds its version, its number and
// the count, and an index whose pieces do not all open, or disagree, is not restored:
// every note is then read again, as when none was kept.
import { openLocalJson, sealLocalJson } from "../local-seal";
import type { SearchDoc } from "../search/search-index";

/** Where the sealed index is kept, in IndexedDB's "meta" store (its piece 0). */
export const SEARCH_INDEX_KEY = "searchIndex";

/**
 * The sealed index says how its bodies were read; one stored under another version
 * (or before versions, a bare array) is not restored, so every note is read again.
 * 2: plain text with a line break at every block (list items no longer run together).
 * 3: with the ids each note links to (backlinks, issue 35).
 * 4: in pieces (this file).
 */
export const SEARCH_INDEX_VERSION = 4;

/** ~1,600 notes (~2 MB) a piece at 100,000 notes; a few notes each in a small vault. */
export const INDEX_PIECES = 64;

/**
 * Pieces sealed a request: one (~2 MB of JSON at 100,000 notes, tens of milliseconds),
 * so a query asked during a save waits for one piece at most. At eight a request, the
 * worst query at 100,000 notes took 55 ms, most of it waiting.
 */
export const PIECES_PER_SAVE = 1;

interface StoredPiece {
  version: number;
  piece: number;
  pieces: number;
  docs: SearchDoc[];
}

/** The "meta" store as the worker sees it. */
export interface PieceStore {
  put(key: string, value: string): Promise<void>;
  get(key: string): Promise<string | undefined>;
}

export function pieceKey(piece: number): string {
  return piece === 0 ? SEARCH_INDEX_KEY : `${SEARCH_INDEX_KEY}:${piece}`;
}

/** The piece a note's entry is kept in: FNV-1a of its id. */
export function pieceOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % INDEX_PIECES;
}

/** Each piece's note ids, kept as notes are indexed, so a save reads only its piece's. */
export function emptyMembers(): Set<string>[] {
  return Array.from({ length: INDEX_PIECES }, () => new Set<string>());
}

/** Every piece: what a save must write when no whole index is known to be kept. */
export function allPieces(): Set<number> {
  return new Set(Array.from({ length: INDEX_PIECES }, (_, i) => i));
}

/** The kept index's entries, or undefined when none is kept whole under this version and key. */
export async function readPieces(
  store: PieceStore,
  key: Uint8Array,
): Promise<SearchDoc[] | undefined> {
  const docs: SearchDoc[] = [];
  for (let piece = 0; piece < INDEX_PIECES; piece++) {
    const sealed = await store.get(pieceKey(piece));
    if (!sealed) return undefined;
    const stored = (await openLocalJson(key, sealed)) as Partial<StoredPiece> | undefined;
    if (
      stored?.version !== SEARCH_INDEX_VERSION ||
      stored.piece !== piece ||
      stored.pieces !== INDEX_PIECES ||
      !Array.isArray(stored.docs)
    )
      return undefined;
    for (const doc of stored.docs) if (isDoc(doc) && pieceOf(doc.id) === piece) docs.push(doc);
  }
  return docs;
}

/**
 * Seals and writes up to PIECES_PER_SAVE of the `dirty` pieces (taken out of it), each
 * with the entries `docsOf` gives for it. Answers whether marked pieces are left.
 */
export async function savePieces(
  store: PieceStore,
  key: Uint8Array,
  docsOf: (piece: number) => SearchDoc[],
  dirty: Set<number>,
): Promise<boolean> {
  const now = [...dirty].slice(0, PIECES_PER_SAVE);
  if (now.length === 0) return false;
  const byPiece = new Map(now.map((piece) => [piece, docsOf(piece)]));
  for (const [piece, docs] of byPiece) {
    // Unmarked before the write: a change while it is written marks it again.
    dirty.delete(piece);
    const stored: StoredPiece = {
      version: SEARCH_INDEX_VERSION,
      piece,
      pieces: INDEX_PIECES,
      docs,
    };
    try {
      await store.put(pieceKey(piece), await sealLocalJson(key, stored));
    } catch (error) {
      dirty.add(piece);
      throw error;
    }
  }
  return dirty.size > 0;
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
