// The line under the search box that says what a search found.

/**
 * What a search found, said plainly; while the first sync still brings notes, that the
 * answer covers only the notes here so far (search indexes each page as it lands).
 */
export function searchStatus(count: number, arriving: boolean): string {
  if (arriving)
    return count === 0
      ? "No match yet: notes are still arriving, and search covers each as it lands."
      : `${count.toLocaleString()} ${count === 1 ? "match" : "matches"} so far: notes are still arriving.`;
  return count === 0
    ? "No match. Search looks through titles, tags and text; try fewer or shorter words."
    : `${count.toLocaleString()} ${count === 1 ? "match" : "matches"}`;
}
