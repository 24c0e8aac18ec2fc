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
    const done = await importNotes(
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
    expect(done).toBe(1);
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
    ).resolves.toBe(1);
    expect(doc.getXmlFragment(CONTENT_FRAGMENT).length).toBe(2);
  });
});
