import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { readText } from "../notes/text";
import { safeHref, writeMarkdown } from "./from-markdown";
import { noteToMarkdown } from "./to-markdown";

function roundTrip(markdown: string): string {
  const doc = new Y.Doc();
  writeMarkdown(doc, markdown);
  return noteToMarkdown({ title: "t", tags: [], doc }).replace(/^---[\s\S]*?---\n\n?/, "");
}

describe("writeMarkdown", () => {
  it("stores heading levels as numbers, as the editor reads them (a string drew as level 1)", () => {
    const doc = new Y.Doc();
    writeMarkdown(doc, "# One\n\n## Two\n\n### Three");
    const levels = doc
      .getXmlFragment("default")
      .toArray()
      .map((node) => (node as Y.XmlElement).getAttribute("level"));
    expect(levels).toEqual([1, 2, 3]);
  });

  it("round-trips what the export writes: headings, lists, emphasis, links, code, quotes", () => {
    const md = [
      "# Plan",
      "",
      "Some **bold**, _italic_, ~~struck~~, <u>under</u> and `code` text with a [link](https://example.com/a?b=1).",
      "",
      "## Steps",
      "",
      "- one",
      "- two\n  - nested",
      "",
      "3. three\n4. four",
      "",
      "> quoted\n>\n> second",
      "",
      "```ts\nconst x = 1;\n```",
      "",
      "---",
      "",
      "line one\\\nline two",
      "",
    ].join("\n");
    expect(roundTrip(md)).toBe(md);
  });

  it("reads GFM task list items as checklists and writes them back the same", () => {
    const md = "Packing:\n\n- [ ] passport\n- [x] sunscreen\n- [ ] walking **shoes**\n- [ ]\n";
    expect(roundTrip(md)).toBe(md);
    const doc = new Y.Doc();
    writeMarkdown(doc, md);
    const list = doc.getXmlFragment("default").get(1) as Y.XmlElement;
    expect(list.nodeName).toBe("taskList");
    const items = list.toArray() as Y.XmlElement[];
    expect(items.map((item) => [item.nodeName, item.getAttribute("checked")])).toEqual([
      ["taskItem", false],
      ["taskItem", true],
      ["taskItem", false],
      ["taskItem", false],
    ]);
    expect(items.map((item) => (item.firstChild as Y.XmlElement).nodeName)).toEqual(
      Array(4).fill("paragraph"),
    );
    expect(readText(doc)).toBe("Packing:\n[ ] passport\n[x] sunscreen\n[ ] walking shoes\n[ ]");
  });

  it("splits a list mixing tasks and plain items, and takes nested blocks out of tasks", () => {
    // The editor's taskItem holds paragraphs only: nested tasks join the checklist,
    // anything else follows it, in reading order.
    const md = [
      "- plain",
      "- [X] done",
      "  - [ ] nested task",
      "  - nested plain",
      "- [ ] last",
      "  continued",
    ].join("\n");
    const shape = (markdown: string) => {
      const doc = new Y.Doc();
      writeMarkdown(doc, markdown);
      return (doc.getXmlFragment("default").toArray() as Y.XmlElement[]).map(
        (list) => `${list.nodeName}:${list.length}`,
      );
    };
    expect(shape(md)).toEqual(["bulletList:1", "taskList:2", "bulletList:1", "taskList:1"]);
    // Written back as one loose list, which reads back as the same four.
    const written = roundTrip(md);
    expect(written).toBe(
      "- plain\n\n- [x] done\n- [ ] nested task\n\n- nested plain\n\n- [ ] last continued\n",
    );
    expect(shape(written)).toEqual(shape(md));
  });

  it("keeps a box that is not a GFM task as text", () => {
    expect(roundTrip("- [ ]*a*\n- [y] no\n\n1. [ ] ordered\n")).toBe(
      "- \\[ \\]_a_\n- \\[y\\] no\n\n1. \\[ \\] ordered\n",
    );
  });

  it("keeps raw HTML as literal text: nothing becomes markup", () => {
    const doc = new Y.Doc();
    writeMarkdown(doc, '<script>alert(1)</script>\n\nHi <img src=x onerror="alert(2)"> there');
    const names = new Set<string>();
    const walk = (node: Y.XmlElement | Y.XmlFragment) => {
      for (const child of node.toArray())
        if (child instanceof Y.XmlElement) {
          names.add(child.nodeName);
          walk(child);
        }
    };
    walk(doc.getXmlFragment("default"));
    expect([...names]).toEqual(["paragraph"]);
    const text = readText(doc);
    expect(text).toContain("<script>alert(1)</script>");
    expect(text).toContain('<img src=x onerror="alert(2)">');
    expect(roundTrip("Hi <img src=x onerror=alert(2)> there")).toContain("\\<img");
  });

  it("neutralises script links and survives deep nesting", () => {
    expect(safeHref("javascript:alert(1)")).toBe("#");
    expect(safeHref(" JavaScript:alert(1)")).toBe("#");
    expect(safeHref("data:text/html,x")).toBe("#");
    expect(safeHref("https://a.example")).toBe("https://a.example");
    expect(safeHref("notes/other.md")).toBe("notes/other.md");
    const doc = new Y.Doc();
    const started = performance.now();
    writeMarkdown(
      doc,
      `${"> ".repeat(5000)}deep\n\n${"a* ".repeat(30_000)}\n\n${"[".repeat(30_000)}x`,
    );
    expect(performance.now() - started).toBeLessThan(5000);
    expect(readText(doc)).toContain("deep");
    // Kept as the characters typed, not as a link.
    expect(roundTrip("[x](javascript:alert(1))")).toBe("\\[x\\](javascript:alert(1))\n");
    expect(roundTrip("[x](vbscript:y) [y](blob:z)")).toBe("\\[x\\](vbscript:y) [y](#)\n");
  });
});
