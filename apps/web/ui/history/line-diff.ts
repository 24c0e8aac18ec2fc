// A simple line diff for the History panel: what a revision had against the current
// text, line by line (longest common subsequence after trimming the shared head and
// tail). Very large differing middles fall back to "all removed, all added" so a
// huge note cannot stall the tab.
export interface DiffLine {
  kind: "same" | "added" | "removed";
  text: string;
}

/** Cells of the LCS table beyond which the middle is shown as a whole replacement. */
const MAX_CELLS = 4_000_000;

/** Lines going from `before` to `after`: removed ones were only in `before`. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail += 1;
  const same = (text: string): DiffLine => ({ kind: "same", text });
  const middle = middleDiff(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  return [...a.slice(0, head).map(same), ...middle, ...a.slice(a.length - tail).map(same)];
}

function middleDiff(a: string[], b: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: "removed", text });
  const added = (text: string): DiffLine => ({ kind: "added", text });
  if (a.length * b.length > MAX_CELLS) return [...a.map(removed), ...b.map(added)];
  // lengths[i][j]: LCS length of a[i..] and b[j..].
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] ?? "" });
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      out.push(removed(a[i] ?? ""));
      i += 1;
    } else {
      out.push(added(b[j] ?? ""));
      j += 1;
    }
  }
  return [...out, ...a.slice(i).map(removed), ...b.slice(j).map(added)];
}

/** "2 lines added, 1 removed", or "No changes". */
export function diffSummary(lines: readonly DiffLine[]): string {
  const added = lines.filter((l) => l.kind === "added").length;
  const removed = lines.filter((l) => l.kind === "removed").length;
  if (added === 0 && removed === 0) return "No changes";
  const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  return `${plural(added, "line")} added, ${removed} removed`;
}
