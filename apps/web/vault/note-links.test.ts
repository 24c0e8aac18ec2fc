import { CONTENT_FRAGMENT, isDocOpen, type OpenNote, restDoc } from "@notes/client";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { backlinksTo, linkedIds, noteIdOfHref, noteLinkHref } from "./note-links";

const TARGET = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";

function noteWith(id: string, title: string, href?: string, trashedAt?: string): OpenNote {
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement("paragraph");
  const text = new Y.XmlText();
  text.insert(0, "see ");
  if (href) text.insert(4, "Target", { link: { href } });
  paragraph.insert(0, [text]);
  doc.getXmlFragment(CONTENT_FRAGMENT).insert(0, [paragraph]);
  return {
    id,
    doc,
    metadata: { title, tags: [], ...(trashedAt && { trashedAt }) },
  } as unknown as OpenNote;
}

describe("note links", () => {
  it("name a note by id in an app address, and only such links do", () => {
    expect(noteLinkHref(TARGET)).toBe(`/notes?note=${TARGET}`);
    expect(noteIdOfHref(`/notes?note=${TARGET.toUpperCase()}`)).toBe(TARGET);
    expect(noteIdOfHref("https://example.com/notes?note=x")).toBeUndefined();
    expect(noteIdOfHref(`/notes?note=${TARGET}&x=1`)).toBeUndefined();
    expect(noteIdOfHref(undefined)).toBeUndefined();
  });

  it("finds the notes linking to one, by title, leaving out the trash and itself", () => {
    const notes = [
      noteWith("b", "Beta", noteLinkHref(TARGET)),
      noteWith("a", "Alpha", noteLinkHref(TARGET)),
      noteWith("c", "Plain"),
      noteWith("d", "Elsewhere", "https://example.com"),
      noteWith("e", "Binned", noteLinkHref(TARGET), "2026-11-01T00:00:00Z"),
      noteWith(TARGET, "Itself", noteLinkHref(TARGET)),
    ];
    expect(backlinksTo(TARGET, notes)).toEqual([
      { id: "a", title: "Alpha" },
      { id: "b", title: "Beta" },
    ]);
  });

  it("finds them among resting notes without opening any", () => {
    const notes = [
      noteWith("b", "Beta", noteLinkHref(TARGET.toUpperCase())),
      noteWith("c", "Plain"),
      noteWith("d", "Elsewhere", "https://example.com"),
    ];
    for (const note of notes) restDoc(note);
    expect(backlinksTo(TARGET, notes)).toEqual([{ id: "b", title: "Beta" }]);
    expect(notes.some(isDocOpen)).toBe(false);
  });

  it("reads the ids a note links to, each once, for the search index's backlinks", () => {
    const other = "11111111-2222-4333-8444-555555555555";
    const linking = noteWith("b", "Beta", noteLinkHref(TARGET.toUpperCase()));
    const fragment = linking.doc.getXmlFragment(CONTENT_FRAGMENT);
    const second = new Y.XmlElement("paragraph");
    const text = new Y.XmlText();
    text.insert(0, "x", { link: { href: noteLinkHref(other) } });
    text.insert(1, "y", { link: { href: noteLinkHref(TARGET) } });
    second.insert(0, [text]);
    fragment.insert(1, [second]);
    expect(linkedIds(linking.doc).sort()).toEqual([other, TARGET].sort());
    expect(linkedIds(noteWith("c", "Plain").doc)).toEqual([]);
    expect(linkedIds(noteWith("d", "Elsewhere", "https://example.com/notes?x").doc)).toEqual([]);
  });
});
