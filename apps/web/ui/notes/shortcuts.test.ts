import { describe, expect, it } from "vitest";
import { shortcutFor, step } from "./shortcuts";

const key = (k: string, mods: Partial<Record<"altKey" | "ctrlKey" | "metaKey", boolean>> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe("keyboard shortcuts", () => {
  it("single keys act outside text fields only", () => {
    expect(shortcutFor(key("n"), false)).toBe("newNote");
    expect(shortcutFor(key("/"), false)).toBe("search");
    expect(shortcutFor(key("j"), false)).toBe("next");
    expect(shortcutFor(key("k"), false)).toBe("previous");
    expect(shortcutFor(key("?"), false)).toBe("help");
    for (const k of ["n", "/", "j", "k", "?"]) expect(shortcutFor(key(k), true)).toBeUndefined();
    expect(shortcutFor(key("x"), false)).toBeUndefined();
  });

  it("Alt and Ctrl/⌘ forms act everywhere; other modified keys do nothing", () => {
    expect(shortcutFor(key("n", { altKey: true }), true)).toBe("newNote");
    expect(shortcutFor(key("ArrowDown", { altKey: true }), true)).toBe("next");
    expect(shortcutFor(key("ArrowUp", { altKey: true }), true)).toBe("previous");
    expect(shortcutFor(key("k", { ctrlKey: true }), true)).toBe("search");
    expect(shortcutFor(key("k", { metaKey: true }), true)).toBe("search");
    expect(shortcutFor(key("n", { ctrlKey: true }), false)).toBeUndefined();
    expect(shortcutFor(key("j", { altKey: true, ctrlKey: true }), false)).toBeUndefined();
  });

  it("steps through the shown notes and stops at either end", () => {
    const ids = ["a", "b", "c"];
    expect(step(ids, "b", 1)).toBe("c");
    expect(step(ids, "c", 1)).toBe("c");
    expect(step(ids, "a", -1)).toBe("a");
    expect(step(ids, undefined, 1)).toBe("a");
    expect(step(ids, undefined, -1)).toBe("c");
    expect(step(ids, "gone", 1)).toBe("a");
    expect(step([], "a", 1)).toBeUndefined();
  });
});
