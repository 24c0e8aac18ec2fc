import { noteToMarkdown, readText } from "@notes/client";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { safeHref, writeMarkdown } from "./markdown-to-doc";

function roundTrip(markdown: string): string {
  const doc = new Y.Doc();
  writeMarkdown(doc, markdown);
  return noteToMarkdown({ title: "t", tags: [], doc }).replace(/^---[\s\S]*?---\n\n?/, "");
}

describe("writeMarkdown", () => {
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
