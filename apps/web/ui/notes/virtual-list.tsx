"use client";
// A windowed list: only the rows in view (and a few around) are asked for and put in
// the DOM, so 100,000 notes cost what thirty do (issue 35). The list gives a count and
// the rows of a window by position (`window`), never an array of every row. Rows have
// one fixed height; the scroller's own height comes from the layout. `keepInView`
// scrolls a row into view (keyboard moves).
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";

export const OVERSCAN = 8;

/** The positions `from` up to (not including) `to` to draw for a scroll position. */
export function windowOf(count: number, rowHeight: number, top: number, height: number) {
  const from = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const to = Math.min(count, Math.ceil((top + height) / rowHeight) + OVERSCAN);
  return { from, to: Math.max(from, to) };
}

export function VirtualList<T>(props: {
  count: number;
  /** The rows at positions `from` up to (not including) `to`. */
  window(from: number, to: number): readonly T[];
  rowHeight: number;
  keepInView?: number | undefined;
  label: string;
  row(item: T, index: number): ReactNode;
  rowKey(item: T): string;
}) {
  const { count, rowHeight, keepInView } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight || 800 });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el || keepInView === undefined || keepInView < 0) return;
    const top = keepInView * rowHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + el.clientHeight)
      el.scrollTop = top + rowHeight - el.clientHeight;
  }, [keepInView, rowHeight]);
  const { from, to } = windowOf(count, rowHeight, view.top, view.height);
  return (
    <div
      ref={scroller}
      className="virtual-scroller"
      onScroll={(e) =>
        setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })
      }
    >
      <ul
        aria-label={props.label}
        style={{ height: count * rowHeight, position: "relative", margin: 0 }}
      >
        {props.window(from, to).map((item, i) => (
          <li
            key={props.rowKey(item)}
            aria-setsize={count}
            aria-posinset={from + i + 1}
            style={{ position: "absolute", top: (from + i) * rowHeight, height: rowHeight }}
          >
            {props.row(item, from + i)}
          </li>
        ))}
      </ul>
    </div>
  );
}
