import { describe, expect, it } from "vitest";
import { LEAD_CHARS, SHOWN_CHARS, snippetOf } from "./snippet";
import { queryWords } from "./tokens";

const marked = (body: string, query: string) => {
  const { snippet, ranges } = snippetOf(body, queryWords(query));
  return { snippet, marks: ranges.map(([s, e]) => snippet.slice(s, e)) };
};

describe("search snippets", () => {
  it("shows list items apart and the matched word whole", () => {
    const { snippet, marks } = marked("passport\nsunscreen\nwalking shoes", "sunscreen");
    expect(snippet).toBe("passport sunscreen walking shoes");
    expect(marks).toEqual(["sunscreen"]);
  });

  it("cuts long bodies only at spaces, keeping the match and the edge words whole", () => {
    const body = `${"lorem ipsum dolores ".repeat(20)}pack sunscreen now ${"amet consectetur ".repeat(20)}`;
    const { snippet, marks } = marked(body, "sunscreen");
    expect(marks).toEqual(["sunscreen"]);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    const inner = snippet.slice(1, -1).split(" ");
    const known = new Set(body.split(/\s+/));
    for (const word of inner) expect(known.has(word), word).toBe(true);
    expect(snippet.length).toBeLessThan(160);
  });

  it("finds a match whose accents the query left out, and one near the end", () => {
    const body = `${"x".repeat(10)} ${"filler ".repeat(30)}the Café on the corner`;
    const { snippet, marks } = marked(body, "cafe");
    expect(marks).toEqual(["Café"]);
    expect(snippet.endsWith("the Café on the corner")).toBe(true);
  });

  it("puts the match within the first words, wherever it is in the body (issue 38)", () => {
    const filler = "lorem ipsum dolores amet ".repeat(12);
    for (const body of [`${filler}the sunscreen`, `${filler}pack sunscreen now ${filler}`]) {
      const { snippet } = marked(body, "sunscreen");
      // A list row shows about forty characters: the match starts well inside them.
      expect(snippet.indexOf("sunscreen")).toBeLessThanOrEqual(LEAD_CHARS + 2);
      expect(snippet.indexOf("sunscreen")).toBeLessThanOrEqual(SHOWN_CHARS);
    }
  });

  it("keeps a match longer than the window whole, and marks nothing when nothing matched", () => {
    const long = `start ${"a".repeat(300)}zz end`;
    expect(marked(long, "aaa").marks).toEqual([`${"a".repeat(300)}zz`]);
    expect(marked("plain words only", "title")).toEqual({ snippet: "plain words only", marks: [] });
  });
});
