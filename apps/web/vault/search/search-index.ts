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

export class SearchIndex {
  private readonly docs = new Map<string, Indexed>();
  private readonly bySlot: (Indexed | undefined)[] = [];
  /**
   * Word → flat [slot, weighted frequency, slot, frequency, …]: plain number arrays
   * keep ten thousand notes' postings in megabytes, where a Map per word would not.
   */
  private readonly postings = new Map<string, number[]>();
  /** Sorted vocabulary for prefix lookups; rebuilt lazily after changes. */
  private vocabulary: string[] | undefined;
  private totalLength = 0;

  get size(): number {
    return this.docs.size;
  }

  stamps(): Record<string, string> {
    return Object.fromEntries([...this.docs.values()].map((d) => [d.id, d.stamp]));
  }

  all(): SearchDoc[] {
    return [...this.docs.values()].map(
      ({ id, title, tags, body, stamp, links }): SearchDoc => ({
        id,
        title,
        tags,
        body,
        stamp,
        ...(links && links.length > 0 && { links }),
      }),
    );
  }

  /** The notes that link to `id` (their `links` name it). */
  linking(id: string): string[] {
    const target = id.toLowerCase();
    const out: string[] = [];
    for (const doc of this.docs.values()) if (doc.links?.includes(target)) out.push(doc.id);
    return out;
  }

  upsert(doc: SearchDoc): void {
    this.remove(doc.id);
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
        this.vocabulary = undefined;
      }
      list.push(slot, tf);
    }
    const indexed = { ...doc, length, slot };
    this.docs.set(doc.id, indexed);
    this.bySlot.push(indexed);
    this.totalLength += length;
  }

  remove(id: string): void {
    const old = this.docs.get(id);
    if (!old) return;
    this.docs.delete(id);
    this.bySlot[old.slot] = undefined;
    this.totalLength -= old.length;
    const seen = new Set<string>();
    const drop = (text: string) => {
      for (const { word } of words(text)) {
        if (seen.has(word)) continue;
        seen.add(word);
        const list = this.postings.get(word);
        if (!list) continue;
        const kept: number[] = [];
        for (let i = 0; i < list.length; i += 2)
          if (list[i] !== old.slot) kept.push(list[i] ?? 0, list[i + 1] ?? 0);
        if (kept.length > 0) this.postings.set(word, kept);
        else {
          this.postings.delete(word);
          this.vocabulary = undefined;
        }
      }
    };
    drop(old.title);
    for (const tag of old.tags) drop(tag);
    drop(old.body);
  }

  query(text: string, limit = 50): SearchHit[] {
    const terms = queryWords(text);
    if (terms.length === 0) return [];
    const avgLength = this.totalLength / Math.max(1, this.docs.size);
    // Scores by slot in typed arrays: ten thousand notes score in a few milliseconds.
    const slots = this.bySlot.length;
    const total = new Float64Array(slots);
    const matched = new Uint16Array(slots);
    for (const [i, term] of terms.entries()) {
      const best = new Float64Array(slots);
      for (const [word, factor] of this.expand(term, i === terms.length - 1)) {
        const list = this.postings.get(word);
        if (!list) continue;
        const count = list.length / 2;
        const idf = Math.log(1 + (this.docs.size - count + 0.5) / (count + 0.5));
        for (let p = 0; p < list.length; p += 2) {
          const slot = list[p] ?? 0;
          const doc = this.bySlot[slot];
          if (!doc) continue;
          const tf = list[p + 1] ?? 0;
          const norm = tf + K1 * (1 - B + (B * doc.length) / avgLength);
          const score = factor * idf * ((tf * (K1 + 1)) / norm);
          if (score > (best[slot] ?? 0)) best[slot] = score;
        }
      }
      // Every word must match: a note counts only if it matched all the words before.
      for (let slot = 0; slot < slots; slot++) {
        const score = best[slot] ?? 0;
        if (score > 0 && matched[slot] === i) {
          matched[slot] = i + 1;
          total[slot] = (total[slot] ?? 0) + score;
        }
      }
    }
    const found: number[] = [];
    for (let slot = 0; slot < slots; slot++) if (matched[slot] === terms.length) found.push(slot);
    const idOf = (slot: number) => this.bySlot[slot]?.id ?? "";
    // Equal scores keep the order notes were indexed in.
    return found
      .sort((a, b) => (total[b] ?? 0) - (total[a] ?? 0) || a - b)
      .slice(0, limit)
      .map((slot) => this.hit(idOf(slot), total[slot] ?? 0, terms));
  }

  /** The indexed words a query word stands for: itself, and as a prefix when last. */
  private *expand(term: string, prefix: boolean): Generator<[string, number]> {
    if (this.postings.has(term)) yield [term, 1];
    if (!prefix) return;
    this.vocabulary ??= [...this.postings.keys()].sort();
    const vocab = this.vocabulary;
    let lo = 0;
    let hi = vocab.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((vocab[mid] ?? "") < term) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < vocab.length; i++) {
      const word = vocab[i] ?? "";
      if (!word.startsWith(term)) break;
      if (word !== term) yield [word, PREFIX_FACTOR];
    }
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
