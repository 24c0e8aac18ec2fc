// The full-text index over decrypted notes (it lives in the background worker):
// titles, tags and bodies, an inverted index from word to the notes holding it. Every
// query word must match; the last one may be a prefix, so results follow typing. Ranking is
// BM25 with fields weighted (title over tags over body), and a whole-word match beats
// a prefix. Hits carry the title's matched ranges and a snippet of the body around the
// first match (snippet.ts), so the list can highlight them.
import { type Range, snippetOf } from "./snippet";
import { queryWords, words } from "./tokens";

export interface SearchDoc {
  id: string;
  title: string;
  tags: string[];
  body: string;
  /** What the indexer saw (the caller's own fingerprint): unchanged means skip. */
  stamp: string;
  /** The ids of the notes it links to (note-links.ts), for backlinks. */
  links?: string[];
}

export type { Range };

export interface SearchHit {
  id: string;
  score: number;
  titleRanges: Range[];
  snippet: string;
  snippetRanges: Range[];
}

const FIELD_WEIGHT = { title: 4, tags: 2.5, body: 1 } as const;
const K1 = 1.2;
const B = 0.75;
const PREFIX_FACTOR = 0.6;

interface Indexed extends SearchDoc {
  /** Words in all fields. */
  length: number;
  /** Its number in the postings. */
  slot: number;
}

/**
 * A query's last word, typed as a prefix, stands for at most this many indexed words:
 * the ones in the most notes (a one-letter prefix names thousands of words in a large
 * vault; their rare tail changes no ranking a person reads, and scoring it would cost
 * a frame). `capped` tells the list the count is then a floor.
 */
export const PREFIX_WORDS = 256;

/** What a query answers: the best hits, how many notes matched in all, and whether more might. */
export interface SearchAnswer {
  hits: SearchHit[];
  total: number;
  /** The last word's prefix stood for more than PREFIX_WORDS words: `total` is a floor. */
  capped: boolean;
}

export class SearchIndex {
  private readonly docs = new Map<string, Indexed>();
  private readonly bySlot: (Indexed | undefined)[] = [];
  /** Each slot's length in words (0: no note), read per posting when scoring. */
  private lengths = new Float64Array(1024);
  /**
   * Word → flat [slot, weighted frequency, slot, frequency, …]: plain number arrays
   * keep ten thousand notes' postings in megabytes, where a Map per word would not.
   * A word's array is changed in place, never replaced, while the word is indexed.
   */
  private readonly postings = new Map<string, number[]>();
  /**
   * Sorted vocabulary for prefix lookups, and each word's postings. Words new since it
   * was sorted wait in `added` and are merged in (sorting 100,000 words anew cost
   * ~100 ms, merging a batch's few in costs a pass). A word no note holds any more keeps
   * its empty list (`emptied` counts them) until they are half the vocabulary.
   */
  private vocabulary: { words: string[]; lists: number[][] } | undefined;
  private added: string[] = [];
  private emptied = 0;
  private scratch: { total: Float64Array; matched: Uint16Array; best: Float64Array } | undefined;
  private totalLength = 0;

  get size(): number {
    return this.docs.size;
  }

  stamps(): Record<string, string> {
    return Object.fromEntries([...this.docs.values()].map((d) => [d.id, d.stamp]));
  }

  all(): SearchDoc[] {
    return this.entries(this.docs.keys());
  }

  /** The entries of `ids` as given (ids not indexed are passed over). */
  entries(ids: Iterable<string>): SearchDoc[] {
    const out: SearchDoc[] = [];
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (!doc) continue;
      const { title, tags, body, stamp, links } = doc;
      out.push({ id, title, tags, body, stamp, ...(links && links.length > 0 && { links }) });
    }
    return out;
  }

  /** The notes that link to `id` (their `links` name it). */
  linking(id: string): string[] {
    const target = id.toLowerCase();
    const out: string[] = [];
    for (const doc of this.docs.values()) if (doc.links?.includes(target)) out.push(doc.id);
    return out;
  }

  upsert(doc: SearchDoc): void {
    this.upsertMany([doc]);
  }

  /**
   * Indexes `docs` (a later one of the same id wins), replacing what was indexed under
   * their ids. Their old entries go in one pass per word (removeMany): a note listed by
   * its title, then indexed with its body, leaves a word all notes share.
   */
  upsertMany(docs: readonly SearchDoc[]): void {
    const latest = new Map(docs.map((doc) => [doc.id, doc]));
    this.removeMany(latest.keys());
    for (const doc of latest.values()) this.insert(doc);
  }

  private insert(doc: SearchDoc): void {
    const counts = new Map<string, number>();
    let length = 0;
    const add = (text: string, weight: number) => {
      for (const { word } of words(text)) {
        counts.set(word, (counts.get(word) ?? 0) + weight);
        length += 1;
      }
    };
    add(doc.title, FIELD_WEIGHT.title);
    for (const tag of doc.tags) add(tag, FIELD_WEIGHT.tags);
    add(doc.body, FIELD_WEIGHT.body);
    const slot = this.bySlot.length;
    for (const [word, tf] of counts) {
      let list = this.postings.get(word);
      if (!list) {
        list = [];
        this.postings.set(word, list);
        this.added.push(word);
      } else if (list.length === 0) this.emptied -= 1;
      list.push(slot, tf);
    }
    const indexed = { ...doc, length, slot };
    this.docs.set(doc.id, indexed);
    this.bySlot.push(indexed);
    if (slot >= this.lengths.length) {
      const grown = new Float64Array(this.lengths.length * 2);
      grown.set(this.lengths);
      this.lengths = grown;
    }
    this.lengths[slot] = length;
    this.totalLength += length;
  }

  remove(id: string): void {
    this.removeMany([id]);
  }

  /**
   * Drops the notes of `ids` (ids not indexed are passed over). Each word they held has
   * its postings filtered once for all of them: a word in every note (a hundred thousand
   * postings) costs one pass per batch, not one per note.
   */
  removeMany(ids: Iterable<string>): void {
    // Made when a note is found: a new note's upsert allocates nothing.
    let gone: Uint8Array | undefined;
    const held = new Set<string>();
    const collect = (text: string) => {
      for (const { word } of words(text)) held.add(word);
    };
    for (const id of ids) {
      const old = this.docs.get(id);
      if (!old) continue;
      this.docs.delete(id);
      this.bySlot[old.slot] = undefined;
      this.lengths[old.slot] = 0;
      this.totalLength -= old.length;
      gone ??= new Uint8Array(this.bySlot.length);
      gone[old.slot] = 1;
      collect(old.title);
      for (const tag of old.tags) collect(tag);
      collect(old.body);
    }
    if (!gone) return;
    for (const word of held) {
      const list = this.postings.get(word);
      if (!list || list.length === 0) continue;
      let kept = 0;
      for (let i = 0; i < list.length; i += 2) {
        const slot = list[i] ?? 0;
        if (gone[slot] === 1) continue;
        list[kept++] = slot;
        list[kept++] = list[i + 1] ?? 0;
      }
      list.length = kept;
      if (kept === 0) this.emptied += 1;
    }
  }

  /** The best `limit` hits' notes, best first (see `search`). */
  query(text: string, limit = 50): SearchHit[] {
    return this.search(text, limit).hits;
  }

  /**
   * Every word must match, the last as a prefix too; BM25 over the fields. Only the
   * best `limit` are ranked and given their marks and snippets: a query that matches
   * 100,000 notes costs one pass over their postings, not a sort of them.
   */
  search(text: string, limit = 50): SearchAnswer {
    const terms = queryWords(text);
    if (terms.length === 0) return { hits: [], total: 0, capped: false };
    const avgLength = this.totalLength / Math.max(1, this.docs.size);
    const slots = this.bySlot.length;
    // Scores by slot in typed arrays: a hundred thousand notes score in milliseconds.
    const { total, matched, best: bestOf } = this.scratchFor(slots);
    const lengths = this.lengths;
    const docs = this.docs.size;
    let capped = false;
    for (const [i, term] of terms.entries()) {
      const expanded = this.expand(term, i === terms.length - 1);
      capped ||= expanded.capped;
      // One word alone scores straight into its slots; several keep each slot's best.
      const best = expanded.words.length === 1 ? undefined : bestOf.fill(0, 0, slots);
      for (const [list, factor] of expanded.words) {
        const count = list.length / 2;
        const idf = factor * Math.log(1 + (docs - count + 0.5) / (count + 0.5));
        for (let p = 0; p < list.length; p += 2) {
          const slot = list[p] as number;
          if (matched[slot] !== i) continue;
          const tf = list[p + 1] as number;
          const norm = tf + K1 * (1 - B + (B * (lengths[slot] as number)) / avgLength);
          const score = (idf * (tf * (K1 + 1))) / norm;
          if (!best) {
            matched[slot] = i + 1;
            total[slot] = (total[slot] as number) + score;
          } else if (score > (best[slot] as number)) best[slot] = score;
        }
      }
      // Every word must match: a note counts only if it matched all the words before.
      if (best)
        for (let slot = 0; slot < slots; slot++) {
          const score = best[slot] as number;
          if (score > 0 && matched[slot] === i) {
            matched[slot] = i + 1;
            total[slot] = (total[slot] as number) + score;
          }
        }
    }
    const { best, count } = topSlots(slots, matched, terms.length, total, limit);
    const idOf = (slot: number) => this.bySlot[slot]?.id ?? "";
    return {
      hits: best.map((slot) => this.hit(idOf(slot), total[slot] as number, terms)),
      total: count,
      capped,
    };
  }

  /**
   * Score arrays by slot, zeroed: kept from query to query (three arrays of 100,000
   * allocated per keystroke made the garbage collector a query's worst cost).
   */
  private scratchFor(slots: number): {
    total: Float64Array;
    matched: Uint16Array;
    best: Float64Array;
  } {
    if (!this.scratch || this.scratch.total.length < slots) {
      const size = Math.max(1024, slots * 2);
      this.scratch = {
        total: new Float64Array(size),
        matched: new Uint16Array(size),
        best: new Float64Array(size),
      };
    }
    this.scratch.total.fill(0, 0, slots);
    this.scratch.matched.fill(0, 0, slots);
    return this.scratch;
  }

  /**
   * The postings a query word stands for, with their factor: its own, and when it is
   * the last word, those of the indexed words it begins (at most PREFIX_WORDS of them,
   * the ones in the most notes).
   */
  private expand(
    term: string,
    prefix: boolean,
  ): { words: [list: number[], factor: number][]; capped: boolean } {
    const own = this.postings.get(term);
    const out: [number[], number][] = own ? [[own, 1]] : [];
    if (!prefix) return { words: out, capped: false };
    const vocab = this.sortedVocabulary();
    // Words are letters and digits (tokens.ts): all sort before U+FFFF.
    const from = lowerBound(vocab.words, term);
    const to = lowerBound(vocab.words, `${term}\uffff`, from);
    const skip = vocab.words[from] === term ? from : -1;
    const longer = to - from - (skip === from ? 1 : 0);
    const capped = longer > PREFIX_WORDS;
    const chosen: number[] = [];
    const notes = (i: number) => (vocab.lists[i] as number[]).length;
    for (let i = from; i < to; i++)
      if (i !== skip) {
        if (capped) keepBest(chosen, PREFIX_WORDS, i, notes);
        else chosen.push(i);
      }
    // In vocabulary order, as scored before the cap.
    if (capped) chosen.sort((a, b) => a - b);
    for (const i of chosen) out.push([vocab.lists[i] as number[], PREFIX_FACTOR]);
    return { words: out, capped };
  }

  /** Brings the sorted vocabulary level with the postings (the worker calls it after changes). */
  prepare(): void {
    this.sortedVocabulary();
  }

  private sortedVocabulary(): { words: string[]; lists: number[][] } {
    if (this.emptied > 1_000 && this.emptied * 2 > this.postings.size) {
      for (const [word, list] of this.postings) if (list.length === 0) this.postings.delete(word);
      this.emptied = 0;
      this.vocabulary = undefined;
    }
    if (!this.vocabulary) {
      const words = [...this.postings.keys()].sort();
      this.vocabulary = { words, lists: words.map((w) => this.postings.get(w) ?? []) };
      this.added = [];
    } else if (this.added.length > 0) {
      this.vocabulary = merged(this.vocabulary, this.added.sort(), this.postings);
      this.added = [];
    }
    return this.vocabulary;
  }

  private hit(id: string, score: number, terms: string[]): SearchHit {
    const doc = this.docs.get(id);
    const titleRanges = [...words(doc?.title ?? "")]
      .filter(({ word }) => terms.some((t) => word.startsWith(t)))
      .map(({ start, end }): Range => [start, end]);
    const { snippet, ranges } = snippetOf(doc?.body ?? "", terms);
    return { id, score, titleRanges, snippet, snippetRanges: ranges };
  }
}

/**
 * The slots that matched all `terms` words, how many, and the best `limit` of them by
 * score (equal scores keep the order notes were indexed in): one pass.
 */
function topSlots(
  slots: number,
  matched: Uint16Array,
  terms: number,
  total: Float64Array,
  limit: number,
): { best: number[]; count: number } {
  const best: number[] = [];
  const score = (slot: number) => total[slot] as number;
  let count = 0;
  for (let slot = 0; slot < slots; slot++) {
    if (matched[slot] !== terms) continue;
    count += 1;
    keepBest(best, limit, slot, score);
  }
  return { best, count };
}

/**
 * Keeps `item` in `kept` (at most `n`, highest `score` first) if it ranks there; of
 * equal scores the one kept first stays ahead. Most items fall short of the last kept
 * and cost one comparison: a pass keeps the best of 100,000 where a sort cost ~15 ms.
 */
function keepBest(kept: number[], n: number, item: number, score: (item: number) => number): void {
  const value = score(item);
  if (kept.length === n && value <= score(kept[n - 1] as number)) return;
  let at = kept.length;
  while (at > 0 && score(kept[at - 1] as number) < value) at -= 1;
  kept.splice(at, 0, item);
  if (kept.length > n) kept.pop();
}

/** Sorted `words` and sorted `fresh` (none in `words`) as one sorted vocabulary. */
function merged(
  vocabulary: { words: readonly string[]; lists: readonly number[][] },
  fresh: readonly string[],
  postings: ReadonlyMap<string, number[]>,
): { words: string[]; lists: number[][] } {
  const { words, lists } = vocabulary;
  const size = words.length + fresh.length;
  const out = { words: new Array<string>(size), lists: new Array<number[]>(size) };
  let i = 0;
  let j = 0;
  for (let k = 0; k < size; k++) {
    if (j >= fresh.length || (i < words.length && (words[i] as string) < (fresh[j] as string))) {
      out.words[k] = words[i] as string;
      out.lists[k] = lists[i++] as number[];
    } else {
      const word = fresh[j++] as string;
      out.words[k] = word;
      out.lists[k] = postings.get(word) ?? [];
    }
  }
  return out;
}

/** The first index in sorted `words` (from `from` on) whose word is not below `word`. */
function lowerBound(words: readonly string[], word: string, from = 0): number {
  let lo = from;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((words[mid] as string) < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
