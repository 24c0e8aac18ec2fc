// The line under the search box that says what a search found.

/**
 * What a search found, said plainly; while the first sync still brings notes, that the
 * answer covers only the notes here so far (search indexes each page as it lands).
 */
export function searchStatus(
  count: number,
  arriving: boolean,
  /** Every note that matched: more than `count` when only the best were sent. */
  total = count,
  /** `total` is a floor: the last word began more words than were looked through. */
  capped = false,
): string {
  const matches = (n: number) => `${n.toLocaleString()} ${n === 1 ? "match" : "matches"}`;
  if (total > count || capped) {
    const all = `${capped ? "At least " : ""}${matches(total)}${arriving ? " so far" : ""}`;
    return `${all} in all notes; the best ${count.toLocaleString()} shown. Add a word to narrow them.`;
  }
  if (arriving)
    return count === 0
      ? "No match yet: notes are still arriving, and search covers each as it lands."
      : `${matches(count)} so far: notes are still arriving.`;
  return count === 0
    ? "No match. Search looks through titles, tags and text; try fewer or shorter words."
    : matches(count);
}
