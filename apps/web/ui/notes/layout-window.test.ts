import { describe, expect, it } from "vitest";
import {
  blockAtEstimate,
  isRendered,
  jumpOf,
  movesAPage,
  needsMove,
  RENDER_RADIUS,
  renderedRanges,
  WINDOW_RADIUS,
  windowAround,
  windowRule,
} from "./layout-window";

describe("the bands of a long note", () => {
  it("lays out the caret's block and its neighbours, lets the next skip, renders no further", () => {
    const bands = windowAround(5_000, 20_000);
    expect(bands).toEqual({
      first: 5_001 - WINDOW_RADIUS,
      last: 5_001 + WINDOW_RADIUS,
      shownFirst: 5_001 - RENDER_RADIUS,
      shownLast: 5_001 + RENDER_RADIUS,
      caret: 5_001,
      anchor: 5_001,
      count: 20_000,
    });
    expect(windowRule(".e", bands, 30).split("\n")).toEqual([
      "@media screen {",
      `.e > :nth-child(-n + ${5_000 - WINDOW_RADIUS}), .e > :nth-child(n + ${5_002 + WINDOW_RADIUS}) ` +
        "{ content-visibility: auto; contain-intrinsic-size: auto 1.75em; }",
      `.e > :nth-child(-n + ${5_000 - RENDER_RADIUS}), .e > :nth-child(n + ${5_002 + RENDER_RADIUS}) { display: none; }`,
      // What is not rendered keeps its place: blocks × the measured average height.
      `.e::before { content: ""; display: block; height: ${(5_000 - RENDER_RADIUS) * 30}px; }`,
      `.e::after { content: ""; display: block; height: ${(20_000 - 5_001 - RENDER_RADIUS) * 30}px; }`,
      "}",
    ]);
  });

  it("hides nothing above when the caret is near the top, and nothing at all in a shorter note", () => {
    const top = windowAround(3, 20_000);
    expect(top.first).toBe(1);
    expect(top.shownFirst).toBe(1);
    expect(windowRule(".e", top, 28)).not.toContain("-n +");
    expect(windowRule(".e", top, 28)).not.toContain("::before");
    const short = windowAround(RENDER_RADIUS, 2 * RENDER_RADIUS);
    expect(short.shownFirst).toBe(1);
    expect(short.shownLast).toBe(2 * RENDER_RADIUS);
    expect(windowRule(".e", short, 28)).not.toContain("display: none");
  });

  it("moves only when the caret nears an edge, so a new line below is always laid out", () => {
    const bands = windowAround(500, 5_000);
    // Typing on, and Enter a few times: the block after the caret stays inside.
    for (let i = 500; i < 500 + WINDOW_RADIUS / 2; i++) {
      expect(needsMove(i, bands)).toBe(false);
      expect(i + 2).toBeLessThanOrEqual(bands.last);
    }
    expect(needsMove(500 + WINDOW_RADIUS, bands)).toBe(true);
    expect(needsMove(500 - WINDOW_RADIUS, bands)).toBe(true);
    // Near the note's own start or end there is nothing to move to: no move at each key.
    const top = windowAround(0, 5_000);
    for (let i = 0; i < WINDOW_RADIUS / 2; i++) expect(needsMove(i, top)).toBe(false);
    const end = windowAround(4_999, 5_000);
    for (let i = 4_999; i > 4_999 - WINDOW_RADIUS / 2; i--) expect(needsMove(i, end)).toBe(false);
    // A caret far away (a scroll moved the bands, then a click or a key elsewhere).
    expect(needsMove(9_000, bands)).toBe(true);
  });

  it("moves the caret to an end itself, and centres on it before a page key", () => {
    const key = (k: string, mods: { ctrlKey?: boolean; metaKey?: boolean } = {}) =>
      jumpOf({ key: k, ctrlKey: false, metaKey: false, ...mods });
    expect(key("End", { ctrlKey: true })).toBe("end");
    expect(key("Home", { metaKey: true })).toBe("start");
    expect(key("ArrowDown", { metaKey: true })).toBe("end");
    expect(key("ArrowUp", { metaKey: true })).toBe("start");
    expect(key("End")).toBeUndefined();
    expect(key("ArrowDown")).toBeUndefined();
    expect(key("ArrowDown", { ctrlKey: true })).toBeUndefined();
    expect(key("a", { ctrlKey: true })).toBeUndefined();
    expect(movesAPage({ key: "PageDown" })).toBe(true);
    expect(movesAPage({ key: "PageUp" })).toBe(true);
    expect(movesAPage({ key: "End" })).toBe(false);
  });

  it("estimates the block a viewport looks at in the space of blocks not rendered", () => {
    const bands = windowAround(10_000, 20_000);
    const edges = { top: 1_000, bottom: 2_000 };
    // 10 blocks of 30 px above the rendered band's top: 10 blocks before its first.
    expect(blockAtEstimate(bands, edges, 30, 700)).toBe(bands.shownFirst - 1 - 10);
    // 10 blocks below its bottom: 10 blocks after its last.
    expect(blockAtEstimate(bands, edges, 30, 2_300)).toBe(bands.shownLast + 10);
    // Never past either end of the note.
    expect(blockAtEstimate(bands, edges, 30, -1e9)).toBe(0);
    expect(blockAtEstimate(bands, edges, 30, 1e9)).toBe(19_999);
  });

  it("keeps the caret's block rendered with its neighbours when the bands are elsewhere", () => {
    // Scrolled to block 10,000 while the caret stayed in block 3 (0-based).
    const bands = windowAround(10_000, 20_000, { head: 3, anchor: 3 });
    expect(bands.caret).toBe(4);
    expect(renderedRanges(bands)).toEqual([
      [3, 5],
      [10_001 - RENDER_RADIUS, 10_001 + RENDER_RADIUS],
    ]);
    const rules = windowRule(".e", bands, 30).split("\n");
    expect(rules).toContain(
      `.e > :nth-child(-n + 2), .e > :nth-child(n + 6):nth-child(-n + ${10_000 - RENDER_RADIUS}), ` +
        `.e > :nth-child(n + ${10_002 + RENDER_RADIUS}) { display: none; }`,
    );
    // The space of the blocks between the two: a margin under the caret's last neighbour.
    expect(rules).toContain(
      `.e > :nth-child(5) { margin-bottom: ${(10_000 - RENDER_RADIUS - 5) * 30}px; }`,
    );
    expect(rules).toContain(`.e::before { content: ""; display: block; height: 60px; }`);
    // Below the bands, or next to them, the same; inside them, nothing more.
    expect(renderedRanges(windowAround(100, 20_000, { head: 19_999, anchor: 19_999 }))).toEqual([
      [1, 101 + RENDER_RADIUS],
      [19_999, 20_000],
    ]);
    expect(
      renderedRanges(
        windowAround(5_000, 20_000, {
          head: 5_000 + RENDER_RADIUS + 1,
          anchor: 5_000 + RENDER_RADIUS + 1,
        }),
      ),
    ).toEqual([[5_001 - RENDER_RADIUS, 5_001 + RENDER_RADIUS + 2]]);
    expect(renderedRanges(windowAround(5_000, 20_000, { head: 5_010, anchor: 5_010 }))).toEqual([
      [5_001 - RENDER_RADIUS, 5_001 + RENDER_RADIUS],
    ]);
  });

  it("keeps both ends of a selection rendered (Shift+Ctrl+End from the middle, all selected)", () => {
    const bands = windowAround(19_999, 20_000, { head: 19_999, anchor: 9_000 });
    expect(renderedRanges(bands)).toEqual([
      [9_000, 9_002],
      [20_000 - RENDER_RADIUS, 20_000],
    ]);
    expect(isRendered(bands, 9_001)).toBe(true);
    expect(isRendered(bands, 9_004)).toBe(false);
    expect(isRendered(bands, 20_000)).toBe(true);
  });
});
