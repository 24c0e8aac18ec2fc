// The list never asks for, nor draws, more than a window of rows (issue 35): with
// 100,000 notes, the rows on screen and a small overscan are all the UI holds.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NoteIndex } from "../../vault/note-index";
import { NoteListView } from "../../vault/note-list-view";
import type { NoteListItem } from "../../vault/vault-state";
import { OVERSCAN, VirtualList, windowOf } from "./virtual-list";

const ROW = 58;
const SCREEN = 800;
const MOST = Math.ceil(SCREEN / ROW) + 2 * OVERSCAN + 1;

describe("VirtualList over 100,000 notes", () => {
  it("asks the index for one window of rows and draws only those", () => {
    const index = new NoteIndex();
    index.apply(
      Array.from({ length: 100_000 }, (_, i) => ({
        id: `n${i}`,
        title: `Note ${i}`,
        tags: [],
        role: "owner" as const,
        shared: false,
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      })),
    );
    const list = new NoteListView(index);
    const query = { view: "notes" as const, sort: "edited" as const };
    const asked: number[] = [];
    let made = 0;
    const html = renderToStaticMarkup(
      createElement(VirtualList<NoteListItem>, {
        count: list.count(query),
        window: (from, to) => {
          const rows = list.window(query, from, to);
          asked.push(rows.length);
          return rows;
        },
        rowHeight: ROW,
        label: "Notes",
        rowKey: (n) => n.id,
        row: (n) => {
          made++;
          return n.title;
        },
      }),
    );
    expect(list.count(query)).toBe(100_000);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toBeLessThanOrEqual(MOST);
    expect(made).toBeLessThanOrEqual(MOST);
    expect(html.match(/<li /g)?.length).toBe(asked[0]);
    // The newest note first: the window is the top of the sorted index.
    expect(html).toContain("Note 99999");
    expect(html).toContain('aria-setsize="100000"');
  });

  it("keeps the window the same size wherever the list is scrolled", () => {
    for (const top of [0, 58 * 500, 58 * 99_990, 58 * 100_000]) {
      const { from, to } = windowOf(100_000, ROW, top, SCREEN);
      expect(to - from).toBeLessThanOrEqual(MOST);
      expect(to).toBeLessThanOrEqual(100_000);
    }
  });
});
