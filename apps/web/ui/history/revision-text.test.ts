import { writeMarkdown } from "@notes/client";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { revisionText } from "./revision-text";

function noteOf(markdown: string): Y.Doc {
  const doc = new Y.Doc();
  writeMarkdown(doc, markdown);
  return doc;
}

describe("revisionText", () => {
  it("previews a list one item per line and diffs it item by item", () => {
    const revision = noteOf("Shopping\n\n- saffron\n- olive oil\n- lemons\n");
    const now = noteOf("Shopping\n\n- saffron\n- olive oil\n- garlic\n- lemons\n");
    const { text, diff } = revisionText(revision, now);
    expect(text).toBe("Shopping\nsaffron\nolive oil\nlemons");
    expect(diff.filter((line) => line.kind !== "same")).toEqual([
      { kind: "added", text: "garlic" },
    ]);
  });
});
