// Importing a note with images (issue 36): the text between images is written as
// Markdown and each image becomes an attachment block in its place, uploaded (sealed
// by the web app's NoteAttachments, stood in for here) under the block's id.
import { ATTACHMENT_NODE, CONTENT_FRAGMENT, fragmentToMarkdown } from "@notes/client";
import { describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { importNotes } from "./import-notes";

describe("importNotes with images", () => {
  it("places each image as an attachment of the note and uploads its bytes under that id", async () => {
    const doc = new Y.Doc();
    const upload = vi.fn(async (_noteId: string, _id: string, _file: File) => {});
    const vault = {
      createNote: vi.fn(async () => "note-1"),
      note: () => ({ doc }) as never,
      attachments: { upload },
    };
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47);
    const result = await importNotes(
      vault,
      [
        {
          title: "Trip",
          tags: [],
          body: "unused when parts are given",
          format: "markdown",
          parts: ["Day **one**.\n\n", { name: "map.png", type: "image/png", bytes: png }, "After."],
        },
      ],
      () => {},
    );
    expect(result).toEqual({ imported: 1, leftOut: [], cancelled: false });
    const blocks = doc.getXmlFragment(CONTENT_FRAGMENT).toArray() as Y.XmlElement[];
    expect(blocks.map((block) => block.nodeName)).toEqual([
      "paragraph",
      ATTACHMENT_NODE,
      "paragraph",
    ]);
    const image = blocks[1];
    expect(image?.getAttribute("kind")).toBe("image");
    const id = image?.getAttribute("id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(upload).toHaveBeenCalledTimes(1);
    const [noteId, uploadedId, file] = upload.mock.calls[0] ?? [];
    expect([noteId, uploadedId]).toEqual(["note-1", id]);
    expect(file).toMatchObject({ name: "map.png", type: "image/png" });
    expect(new Uint8Array(await (file as File).arrayBuffer())).toEqual(png);
    const exported = fragmentToMarkdown(
      doc.getXmlFragment(CONTENT_FRAGMENT),
      new Map([[id as string, { path: "attachments/map.png", name: "map.png" }]]),
    );
    expect(exported).toBe("Day **one**.\n\n![map.png](<attachments/map.png>)\n\nAfter.\n");
  });

  it("goes on when an upload is refused (the block then says why)", async () => {
    const doc = new Y.Doc();
    const vault = {
      createNote: async () => "note-2",
      note: () => ({ doc }) as never,
      attachments: { upload: vi.fn(async () => Promise.reject(new Error("storage full"))) },
    };
    const image = { name: "a.png", type: "image/png", bytes: Uint8Array.of(1) };
    await expect(
      importNotes(
        vault,
        [{ title: "A", tags: [], body: "", format: "markdown", parts: [image, "text"] }],
        () => {},
      ),
    ).resolves.toMatchObject({ imported: 1 });
    expect(doc.getXmlFragment(CONTENT_FRAGMENT).length).toBe(2);
  });

  it("reports notes and images as each is done, images counted across the import", async () => {
    const docs = new Map<string, Y.Doc>();
    let made = 0;
    const reports: string[] = [];
    const vault = {
      createNote: async () => {
        const id = `note-${++made}`;
        docs.set(id, new Y.Doc());
        return id;
      },
      note: (id: string) => ({ doc: docs.get(id) }) as never,
      attachments: {
        upload: vi.fn(async (_note: string, _id: string, file: File) => {
          reports.push(`upload ${file.name}`);
        }),
      },
    };
    const png = (name: string) => ({ name, type: "image/png", bytes: Uint8Array.of(1) });
    await importNotes(
      vault,
      [
        {
          title: "A",
          tags: [],
          body: "",
          format: "markdown",
          parts: [png("1.png"), "x", png("2.png")],
        },
        { title: "B", tags: [], body: "plain", format: "markdown" },
        { title: "C", tags: [], body: "", format: "markdown", parts: ["y", png("3.png")] },
      ],
      (p) => reports.push(`${p.notes}/${p.totalNotes} notes, ${p.images}/${p.totalImages} images`),
    );
    expect(reports).toEqual([
      "0/3 notes, 0/3 images",
      "upload 1.png",
      "0/3 notes, 1/3 images",
      "upload 2.png",
      "0/3 notes, 2/3 images",
      "1/3 notes, 2/3 images",
      "2/3 notes, 2/3 images",
      "upload 3.png",
      "2/3 notes, 3/3 images",
      "3/3 notes, 3/3 images",
    ]);
  });

  it("a cancel during an upload finishes that image and the note's text, and leaves the rest out", async () => {
    const docs = new Map<string, Y.Doc>();
    const stop = new AbortController();
    const vault = {
      createNote: vi.fn(async () => {
        const id = `note-${docs.size + 1}`;
        docs.set(id, new Y.Doc());
        return id;
      }),
      note: (id: string) => ({ doc: docs.get(id) }) as never,
      attachments: {
        // The person presses Cancel while the first image is on its way.
        upload: vi.fn(async () => stop.abort()),
      },
    };
    const png = (name: string) => ({ name, type: "image/png", bytes: Uint8Array.of(1) });
    const last = vi.fn();
    const result = await importNotes(
      vault,
      [
        {
          title: "Trip",
          tags: [],
          body: "",
          format: "markdown",
          parts: ["Before.", png("map.png"), "Between.", png("route.png"), "After."],
        },
        { title: "Later", tags: [], body: "never made", format: "markdown" },
      ],
      last,
      stop.signal,
    );
    expect(result).toEqual({
      imported: 1,
      cancelled: true,
      leftOut: [
        "route.png in “Trip”: not imported, the import was cancelled",
        "“Later”: not imported, the import was cancelled",
      ],
    });
    expect(vault.createNote).toHaveBeenCalledTimes(1);
    expect(vault.attachments.upload).toHaveBeenCalledTimes(1);
    // All of the note's text, one image block (the one uploaded), no block without an upload.
    const blocks = docs.get("note-1")?.getXmlFragment(CONTENT_FRAGMENT).toArray() as Y.XmlElement[];
    expect(blocks.map((b) => b.nodeName)).toEqual([
      "paragraph",
      ATTACHMENT_NODE,
      "paragraph",
      "paragraph",
    ]);
    const text = blocks.filter((b) => b.nodeName === "paragraph").map((b) => b.toString());
    expect(text.join("")).toMatch(/Before\..*Between\..*After\./);
    expect(last).toHaveBeenLastCalledWith({ notes: 1, totalNotes: 2, images: 2, totalImages: 2 });
  });
});
