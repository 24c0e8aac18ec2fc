// Words for search: lower-case, accents folded (é finds e), split on anything that is
// not a letter or a digit, in any script.
const WORD = /[\p{L}\p{N}]+/gu;

/** Beyond ASCII, folding may need Unicode normalisation; within it, lower case does. */
const NOT_ASCII = /[^\p{ASCII}]/u;

export function fold(text: string): string {
  if (!NOT_ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Every word of `text`, folded, with where it starts and ends in `text`. */
export function* words(text: string): Generator<{ word: string; start: number; end: number }> {
  // Folding can change lengths (NFD splits letters); positions come from the original.
  for (const m of text.matchAll(WORD)) {
    const word = fold(m[0]);
    if (word) yield { word, start: m.index, end: m.index + m[0].length };
  }
}

/** The query's words: all must match; the last may be a word still being typed. */
export function queryWords(query: string): string[] {
  return [...words(query)].map((w) => w.word);
}
