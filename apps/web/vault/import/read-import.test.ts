import { buildNotesZip, writeText } from "@notes/client";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { LIMITS, readImport } from "./read-import";

const file = (name: string, text: string) => ({ name, bytes: strToU8(text) });

describe("readImport", () => {
  it("reads the app's own export back: titles, tags and bodies", () => {
    const doc = new Y.Doc();
    writeText(doc, "first line\nsecond line");
    const zip = buildNotesZip([
      { id: "a", title: 'Plan: "Q1" / notes', tags: ["work", "q 1"], doc },
      { id: "b", title: "", tags: [], doc: new Y.Doc() },
    ]);
    const { notes, skipped } = readImport([{ name: "notes-export.zip", bytes: zip }]);
    expect(skipped).toEqual([]);
    expect(notes).toHaveLength(2);
    expect(notes.find((n) => n.title === 'Plan: "Q1" / notes')).toMatchObject({
      tags: ["work", "q 1"],
      body: "first line\n\nsecond line\n",
      format: "markdown",
    });
    expect(notes.find((n) => n.title === "")).toMatchObject({ tags: [], body: "" });
  });

  it("names a file without front matter after the file, and says what it left out", () => {
    const { notes, skipped } = readImport([
      file("Shopping list.md", "- milk\n- eggs"),
      file("photo.png", "x"),
      { name: "latin1.md", bytes: Uint8Array.of(0x63, 0x61, 0x66, 0xe9) },
    ]);
    expect(notes).toEqual([
      { title: "Shopping list", tags: [], body: "- milk\n- eggs", format: "markdown" },
    ]);
    expect(skipped).toEqual([
      "latin1.md: not UTF-8 text",
      "photo.png: an image no imported note shows",
    ]);
  });

  it("names a file opening with a # heading after it, without repeating it in the body", () => {
    const { notes } = readImport([
      file("lisbon-2026.md", "# Trip to Lisbon\n\n- passport\n"),
      // Front matter (the app's own export) names the note; its body keeps its heading.
      file("exported.md", '---\ntitle: "Goals"\ntags: []\n---\n\n# Goals\n\nRun\n'),
    ]);
    expect(notes).toEqual([
      { title: "Trip to Lisbon", tags: [], body: "\n- passport\n", format: "markdown" },
      { title: "Goals", tags: [], body: "# Goals\n\nRun\n", format: "markdown" },
    ]);
  });

  it("refuses huge files, malformed zips and zip bombs without inflating them", () => {
    const huge = new Uint8Array(1024 * 1024 + 1).fill(0x61);
    // Two entries of 1 MiB of zeros each: a few KiB packed, over a 1.5 MiB unpacked limit.
    const zeros = new Uint8Array(1024 * 1024);
    const bomb = zipSync({ "a.md": zeros, "b.md": zeros, "big.md": huge }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const saved = LIMITS.zipTotalBytes;
    LIMITS.zipTotalBytes = 1.5 * 1024 * 1024;
    try {
      const { notes, skipped } = readImport([
        { name: "huge.md", bytes: huge },
        { name: "broken.zip", bytes: strToU8("PK\u0003\u0004 not really a zip") },
        { name: "bomb.zip", bytes: bomb },
      ]);
      expect(notes).toEqual([]);
      expect(skipped).toEqual([
        "huge.md: larger than 1 MiB",
        "broken.zip: not a readable zip",
        "bomb.zip: big.md: larger than 1 MiB",
        "bomb.zip: more than 2 MiB unpacked",
      ]);
    } finally {
      LIMITS.zipTotalBytes = saved;
    }
  });

  it("reads a Standard Notes plaintext backup with tags, pins and trash", () => {
    const backup = {
      version: "004",
      items: [
        {
          uuid: "n1",
          content_type: "Note",
          created_at: "2024-03-01T10:00:00.000Z",
          content: { title: "Recipe", text: "Flour\nWater", pinned: true, references: [] },
        },
        { uuid: "n2", content_type: "Note", content: { title: "Old", text: "x", trashed: true } },
        { uuid: "n3", content_type: "Note", deleted: true },
        {
          uuid: "t1",
          content_type: "Tag",
          content: { title: "kitchen", references: [{ uuid: "n1", content_type: "Note" }] },
        },
        { uuid: "c1", content_type: "SN|Component", content: {} },
      ],
    };
    const { notes, skipped } = readImport([file("backup.json", JSON.stringify(backup))]);
    expect(skipped).toEqual([]);
    expect(notes).toEqual([
      {
        title: "Recipe",
        tags: ["kitchen"],
        body: "Flour\nWater",
        format: "text",
        pinned: true,
        createdAt: "2024-03-01T10:00:00.000Z",
      },
      { title: "Old", tags: [], body: "x", format: "text", trashed: true },
    ]);
  });

  it("explains backups it cannot read", () => {
    const encrypted = { items: [{ uuid: "n", content_type: "Note", content: "004:abc:def" }] };
    const { skipped } = readImport([
      file("enc.json", JSON.stringify(encrypted)),
      file("other.json", '{"notes": []}'),
      file("bad.json", "{"),
    ]);
    expect(skipped).toEqual([
      "enc.json: an encrypted backup: export a decrypted (plaintext) backup instead",
      "other.json: not a Standard Notes backup (no items)",
      "bad.json: not JSON",
    ]);
  });
});

describe("readImport with images (issue 36)", () => {
  const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 1, 2, 3);
  const images = (parts: unknown[] | undefined) =>
    (parts ?? []).filter((part) => typeof part !== "string");

  it("brings a zip's images in where its notes show them: beside the note, in a folder, or this app's export", () => {
    const zip = zipSync({
      "Trip/Plan.md": strToU8(
        'Day one.\n\n![map](map.png)\n\nThen ![ticket](<assets/my%20ticket.jpg> "t") and the hotel.\n',
      ),
      "Trip/map.png": png,
      "Trip/assets/my ticket.jpg": Uint8Array.of(0xff, 0xd8, 9),
      "Receipts.md": strToU8("![scan.png](<attachments/a1/scan.png>)\n"),
      "attachments/a1/scan.png": Uint8Array.of(7),
      "unused.gif": Uint8Array.of(1),
    });
    const { notes, skipped } = readImport([{ name: "export.zip", bytes: zip }]);
    const plan = notes.find((n) => n.title === "Plan");
    expect(plan?.parts).toEqual([
      "Day one.\n\n",
      { name: "map.png", type: "image/png", bytes: png },
      "\n\nThen ",
      { name: "my ticket.jpg", type: "image/jpeg", bytes: Uint8Array.of(0xff, 0xd8, 9) },
      " and the hotel.\n",
    ]);
    expect(images(notes.find((n) => n.title === "Receipts")?.parts)).toEqual([
      { name: "scan.png", type: "image/png", bytes: Uint8Array.of(7) },
    ]);
    expect(skipped).toEqual(["export.zip: unused.gif: an image no imported note shows"]);
  });

  it("finds images picked with the Markdown file, and reads data: URLs", () => {
    const data = `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
    const { notes, skipped } = readImport([
      file("Note.md", `![one](images/photo.png)\n\n![two](${data})\n`),
      { name: "photo.png", bytes: png },
    ]);
    expect(images(notes[0]?.parts)).toEqual([
      { name: "photo.png", type: "image/png", bytes: png },
      { name: "image 2.png", type: "image/png", bytes: png },
    ]);
    expect(skipped).toEqual([]);
  });

  it("fetches no web image, leaves code alone and says which images it could not find", () => {
    const body =
      "![web](https://example.com/a.png)\n\n```\n![code](x.png)\n```\n\n`![inline](y.png)` ![gone](gone.png)\n";
    const { notes, skipped } = readImport([file("N.md", body), { name: "x.png", bytes: png }]);
    expect(notes[0]).not.toHaveProperty("parts");
    expect(notes[0]?.body).toBe(body);
    expect(skipped).toEqual([
      "N.md: image gone.png not found",
      "x.png: an image no imported note shows",
    ]);
  });
});
