// The notes archive: file naming, ordering, contents and progress reporting.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { writeText } from "../notes/text";
import { buildNotesZip, exportFileName, markdownFileName } from "./notes-zip";
import { noteToMarkdown } from "./to-markdown";

function note(id: string, title: string, body = "", tags: string[] = []) {
  const doc = new Y.Doc();
  if (body !== "") writeText(doc, body);
  return { id, title, tags, doc };
}

function unzip(archive: Uint8Array): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(archive)).map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
}

const namesOf = (titles: string[]) =>
  Object.keys(unzip(buildNotesZip(titles.map((title, i) => note(`id-${i}`, title)))));

describe("buildNotesZip", () => {
  it("unzips to one Markdown file per note with the exact contents", () => {
    const files = unzip(
      buildNotesZip([note("2", "Shopping", "milk\n*eggs*", ["home"]), note("1", "Ideas", "")]),
    );
    expect(files).toEqual({
      "Ideas.md": '---\ntitle: "Ideas"\ntags: []\n---\n',
      "Shopping.md": '---\ntitle: "Shopping"\ntags: ["home"]\n---\n\nmilk\n\n\\*eggs\\*\n',
    });
  });

  it("matches noteToMarkdown for every note, Unicode included", () => {
    const notes = [note("a", "Ünïcödé 📝", "ça va — très bien", ["été"])];
    expect(unzip(buildNotesZip(notes))).toEqual({ "Ünïcödé 📝.md": noteToMarkdown(notes[0]!) });
  });

  it("orders entries by title, then id, whatever the input order", () => {
    const notes = [
      note("b", "Same", "from b"),
      note("z", "Alpha"),
      note("a", "Same", "from a"),
      note("c", "Beta"),
    ];
    expect(Object.keys(unzip(buildNotesZip(notes)))).toEqual([
      "Alpha.md",
      "Beta.md",
      "Same.md",
      "Same (2).md",
    ]);
    const files = unzip(buildNotesZip(notes));
    expect(files["Same.md"]).toContain("from a");
    expect(files["Same (2).md"]).toContain("from b");
  });

  it("sanitizes titles into portable file names", () => {
    expect(
      namesOf([
        'a/b\\c:d*e?f"g<h>i|j',
        "..hidden",
        "  spaced   out  ",
        "line\nbreak\ttab\u0007bell",
        "trailing dots...",
        "CON",
        "nul.txt",
        "x".repeat(100),
        `${"y".repeat(79)}😀😀`,
      ]),
    ).toEqual([
      "spaced out.md",
      "hidden.md",
      "_CON.md",
      "a b c d e f g h i j.md",
      "line break tab bell.md",
      "_nul.txt.md",
      "trailing dots.md",
      `${"x".repeat(80)}.md`,
      `${"y".repeat(79)}😀.md`,
    ]);
  });

  it("names untitled notes Untitled", () => {
    expect(namesOf(["", "   ", "???", "..."])).toEqual([
      "Untitled.md",
      "Untitled (2).md",
      "Untitled (3).md",
      "Untitled (4).md",
    ]);
  });

  it("deduplicates names case-insensitively, skipping suffixes already taken", () => {
    expect(namesOf(["plan", "Plan (2)", "Plan", "PLAN", "a/b", "a:b"])).toEqual([
      "PLAN.md",
      "Plan (2).md",
      "Plan (2) (2).md",
      "a b.md",
      "a b (2).md",
      "plan (3).md",
    ]);
  });

  it("reports progress once per note", () => {
    const calls: Array<[number, number]> = [];
    buildNotesZip([note("1", "a"), note("2", "b"), note("3", "c")], (done, total) =>
      calls.push([done, total]),
    );
    expect(calls).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("is byte-identical across runs and accepts out-of-range timestamps", () => {
    const notes = [note("1", "one", "text"), note("2", "two", "more")];
    expect(buildNotesZip(notes)).toEqual(buildNotesZip(notes));
    const stamped = notes.map((n) => ({ ...n, updatedAt: new Date(2024, 5, 1, 12, 0) }));
    expect(buildNotesZip(stamped)).not.toEqual(buildNotesZip(notes));
    const dated = [
      { ...note("1", "old"), updatedAt: new Date(1970, 0, 1) },
      { ...note("2", "future"), updatedAt: new Date(2200, 0, 1) },
      { ...note("3", "invalid"), updatedAt: new Date(Number.NaN) },
      { ...note("4", "now"), updatedAt: new Date() },
    ];
    expect(Object.keys(unzip(buildNotesZip(dated)))).toEqual([
      "future.md",
      "invalid.md",
      "now.md",
      "old.md",
    ]);
  });

  it("builds a valid empty archive when there are no notes", () => {
    expect(unzip(buildNotesZip([]))).toEqual({});
  });
});

describe("exportFileName", () => {
  it("uses the local calendar date", () => {
    expect(exportFileName(new Date(2024, 0, 5, 23, 59))).toBe("notes-export-2024-01-05.zip");
    expect(exportFileName(new Date(2025, 11, 31, 0, 0))).toBe("notes-export-2025-12-31.zip");
  });
});

describe("markdownFileName", () => {
  it("names one exported note as the zip would", () => {
    expect(markdownFileName('a/b: "c"?')).toBe("a b c.md");
    expect(markdownFileName("")).toBe("Untitled.md");
    expect(markdownFileName("con")).toBe("_con.md");
  });
});

describe("buildNotesZip with attachments (issue 36)", () => {
  it("puts each file under attachments/{id}/ and links it from the note: images inline, files by name", () => {
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment("default");
    const paragraph = new Y.XmlElement("paragraph");
    paragraph.insert(0, [new Y.XmlText("Receipts:")]);
    const image = new Y.XmlElement("attachment");
    image.setAttribute("id", "a1");
    image.setAttribute("kind", "image");
    const file = new Y.XmlElement("attachment");
    file.setAttribute("id", "b2");
    file.setAttribute("kind", "file");
    const missing = new Y.XmlElement("attachment");
    missing.setAttribute("id", "c3");
    fragment.insert(0, [paragraph, image, file, missing]);
    const archive = unzipSync(
      buildNotesZip([
        {
          id: "n",
          title: "Trip",
          tags: [],
          doc,
          files: [
            { id: "a1", name: "scan [1].png", bytes: new Uint8Array([1, 2, 3]) },
            { id: "b2", name: "a/b.pdf", bytes: new Uint8Array([4]) },
          ],
        },
      ]),
    );
    expect(Object.keys(archive).sort()).toEqual([
      "Trip.md",
      "attachments/a1/scan [1].png",
      "attachments/b2/a b.pdf",
    ]);
    expect([...(archive["attachments/a1/scan [1].png"] ?? [])]).toEqual([1, 2, 3]);
    expect(strFromU8(archive["Trip.md"] ?? new Uint8Array())).toBe(
      '---\ntitle: "Trip"\ntags: []\n---\n\nReceipts:\n\n' +
        "![scan \\[1\\].png](<attachments/a1/scan [1].png>)\n\n" +
        "[a/b.pdf](<attachments/b2/a b.pdf>)\n\n" +
        "\\[attachment not exported\\]\n",
    );
  });
});
