import { describe, expect, it } from "vitest";
import { movesFar, needsMove, WINDOW_RADIUS, windowAround, windowRule } from "./layout-window";

describe("the layout window of a long note", () => {
  it("lays out the caret's block and its neighbours, and lets the rest skip", () => {
    const window = windowAround(500);
    expect(window).toEqual({ first: 501 - WINDOW_RADIUS, last: 501 + WINDOW_RADIUS });
    expect(windowRule(".e", window)).toBe(
      `.e > :nth-child(-n + ${500 - WINDOW_RADIUS}), .e > :nth-child(n + ${502 + WINDOW_RADIUS}) ` +
        "{ content-visibility: auto; contain-intrinsic-size: auto 1.75em; }",
    );
  });

  it("never skips the first blocks when the caret is near the top", () => {
    const window = windowAround(3);
    expect(window.first).toBe(1);
    expect(windowRule(".e", window)).not.toContain("-n +");
  });

  it("moves only when the caret nears an edge, so a new line below is always laid out", () => {
    const window = windowAround(500);
    // Typing on, and Enter a few times: the block after the caret stays inside.
    for (let i = 500; i < 500 + WINDOW_RADIUS / 2; i++) {
      expect(needsMove(i, window)).toBe(false);
      expect(i + 2).toBeLessThanOrEqual(window.last);
    }
    expect(needsMove(500 + WINDOW_RADIUS, window)).toBe(true);
    expect(needsMove(500 - WINDOW_RADIUS, window)).toBe(true);
  });

  it("lays the whole note out before a key that moves the caret far", () => {
    const key = (k: string, mods: { ctrlKey?: boolean; metaKey?: boolean } = {}) =>
      movesFar({ key: k, ctrlKey: false, metaKey: false, ...mods });
    expect(key("End", { ctrlKey: true })).toBe(true);
    expect(key("Home", { metaKey: true })).toBe(true);
    expect(key("ArrowDown", { metaKey: true })).toBe(true);
    expect(key("PageDown")).toBe(true);
    expect(key("End")).toBe(false);
    expect(key("ArrowDown")).toBe(false);
    expect(key("a", { ctrlKey: true })).toBe(false);
  });
});
