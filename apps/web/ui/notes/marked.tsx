// Text with the ranges a search matched wrapped in <mark>.
import type { Range } from "../../vault/search/search-index";

export function Marked({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
