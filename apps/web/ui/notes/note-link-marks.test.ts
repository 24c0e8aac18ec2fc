import { getSchema } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import { describe, expect, it } from "vitest";
import { noteLinkHref } from "../../vault/note-links";
import { linkDecorations } from "./note-link-marks";

const schema = getSchema([StarterKit]);
const id = "6c26bc20-69b8-40fb-b142-1abab44b1384";
const doc = schema.nodeFromJSON({
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        { type: "text", text: "See " },
        {
          type: "text",
          text: "Lisbon days",
          marks: [{ type: "link", attrs: { href: noteLinkHref(id) } }],
        },
      ],
    },
  ],
});

describe("note link decorations", () => {
  it("draws a renamed note's current title inside the link, so the link is named by it", () => {
    const [title, old] = linkDecorations(doc, 0, doc.content.size, () => "Lisbon trip");
    const spec = title?.spec as {
      marks?: readonly { type: { name: string }; attrs: { href?: string } }[];
    };
    expect(spec.marks?.map((m) => [m.type.name, m.attrs.href])).toEqual([
      ["link", noteLinkHref(id)],
    ]);
    // The stored text stays in the link, hidden from sight and from a screen reader.
    expect(old?.from).toBe(5);
    expect(old?.to).toBe(16);
  });

  it("marks the link itself when the title is unchanged", () => {
    const decorations = linkDecorations(doc, 0, doc.content.size, () => "Lisbon days");
    expect(decorations).toHaveLength(1);
  });
});
