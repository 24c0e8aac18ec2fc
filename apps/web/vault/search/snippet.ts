// The line of body text a search hit shows: a window from a few words before the
// first word that matched (a list row shows some forty characters of it before its
// own "…", so the match must come early, issue 38), widened to hold that word whole and cut only at spaces, so neither the
// match nor the words at the edges are shown in pieces. Line breaks (one between
// each block, plain-text.ts) read as spaces; each is one character either way, so
// the marked ranges stay where they were found.
import { words } from "./tokens";

export type Range = [start: number, end: number];

const SNIPPET_CHARS = 140;
/** How much of the window comes before the match: two or three words at most. */
export const LEAD_CHARS = 16;
/** A match starting this early shows in a row from the body's start. */
export const SHOWN_CHARS = 32;
/** How far into a long body the first match is looked for; beyond, the start shows. */
const SCAN_CHARS = 64 * 1024;
/** How far an edge may move to reach a space before a word is cut after all. */
const SNAP_CHARS = 24;

export interface Snippet {
  snippet: string;
  /** Where the query's words are in `snippet`. */
  ranges: Range[];
}

/** Whether a body word matches: every query word may be a prefix here. */
const matches = (word: string, terms: readonly string[]) => terms.some((t) => word.startsWith(t));

export function snippetOf(body: string, terms: readonly string[]): Snippet {
  let match: { start: number; end: number } | undefined;
  for (const w of words(body.slice(0, SCAN_CHARS)))
    if (matches(w.word, terms)) {
      match = w;
      break;
    }
  const start = match?.start ?? 0;
  const end = match?.end ?? 0;
  // From the body's start when the match is in view from there; else a short lead, and
  // never more near the body's end: the row cuts the snippet's end, not its start.
  let from = start <= SHOWN_CHARS ? 0 : start - LEAD_CHARS;
  let to = Math.min(body.length, Math.max(from + SNIPPET_CHARS, end));
  from = snapForward(body, from, start);
  to = snapBack(body, to, end);
  const lead = from > 0 ? "…" : "";
  const window = body.slice(from, to);
  const ranges: Range[] = [];
  for (const w of words(window)) {
    if (!matches(w.word, terms)) continue;
    // A word the window still cuts (one longer than the snapping reaches) is not marked.
    if (w.start === 0 && inWord(body, from)) continue;
    if (w.end === window.length && inWord(body, to)) continue;
    ranges.push([w.start + lead.length, w.end + lead.length]);
  }
  return {
    snippet: `${lead}${window.replaceAll("\n", " ")}${to < body.length ? "…" : ""}`,
    ranges,
  };
}

/** Moves a window's start past a partial word and the spaces after it, never past `limit`. */
function snapForward(body: string, at: number, limit: number): number {
  let i = at;
  if (i > 0 && !isSpace(body[i - 1])) {
    const stop = Math.min(limit, at + SNAP_CHARS);
    while (i < stop && !isSpace(body[i])) i++;
    if (!isSpace(body[i])) return at;
  }
  while (i < limit && isSpace(body[i])) i++;
  return i;
}

/** Moves a window's end back before a partial word and the spaces before it, never before `limit`. */
function snapBack(body: string, at: number, limit: number): number {
  let i = at;
  if (i < body.length && !isSpace(body[i])) {
    const stop = Math.max(limit, at - SNAP_CHARS);
    while (i > stop && !isSpace(body[i - 1])) i--;
    if (!isSpace(body[i - 1])) return at;
  }
  while (i > limit && isSpace(body[i - 1])) i--;
  return i;
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Whether position `at` falls between two characters of one word. */
function inWord(body: string, at: number): boolean {
  return isWordChar(body[at - 1]) && isWordChar(body[at]);
}
