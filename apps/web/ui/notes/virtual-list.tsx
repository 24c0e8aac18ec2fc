"use client";
// A windowed list: only the rows in view (and a few around) are in the DOM, so ten
// thousand notes cost what thirty do. Rows have one fixed height; the scroller's own
// height comes from the layout. `keepInView` scrolls a row into view (keyboard moves).
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";

const OVERSCAN = 8;

export function VirtualList<T>(props: {
  items: readonly T[];
  rowHeight: number;
  keepInView?: number | undefined;
  label: string;
  row(item: T, index: number): ReactNode;
  rowKey(item: T): string;
}) {
  const { items, rowHeight, keepInView } = props;
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
  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
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
        style={{ height: items.length * rowHeight, position: "relative", margin: 0 }}
      >
        {items.slice(first, last).map((item, i) => (
          <li
            key={props.rowKey(item)}
            aria-setsize={items.length}
            aria-posinset={first + i + 1}
            style={{ position: "absolute", top: (first + i) * rowHeight, height: rowHeight }}
          >
            {props.row(item, first + i)}
          </li>
        ))}
      </ul>
    </div>
  );
}
