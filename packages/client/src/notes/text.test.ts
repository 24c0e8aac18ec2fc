// Plain-text helpers over the XmlFragment "default".
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { appendParagraph, CONTENT_FRAGMENT, readText, writeText } from "./text";

describe("readText / writeText", () => {
  it("round-trips lines as paragraphs of the default fragment", () => {
    const doc = new Y.Doc();
    writeText(doc, "first line\n\nthird — ünïcode");
    expect(readText(doc)).toBe("first line\n\nthird — ünïcode");
    const fragment = doc.getXmlFragment(CONTENT_FRAGMENT);
    expect(fragment.length).toBe(3);
    expect((fragment.get(0) as Y.XmlElement).nodeName).toBe("paragraph");
  });

  it("replaces the content on a second write and survives an update round trip", () => {
    const doc = new Y.Doc();
    writeText(doc, "old\ntext");
    writeText(doc, "new");
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    expect(readText(copy)).toBe("new");
  });

  it("merges concurrent paragraph appends from two replicas", () => {
    const a = new Y.Doc();
    writeText(a, "shared");
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    appendParagraph(a, "from a");
    appendParagraph(b, "from b");
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(readText(a)).toBe(readText(b));
    expect(readText(a).split("\n").sort()).toEqual(["from a", "from b", "shared"]);
  });

  it("reads an empty document as empty text", () => {
    expect(readText(new Y.Doc())).toBe("");
  });
});
