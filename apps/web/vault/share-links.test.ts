// NoteLinks re-seals a following link after its note changes: a moment after an edit,
// again once online when that failed, and when the list shows a link sealed before
// its note last changed (the owner edited offline and reopened). The SDK's calls are
// stood in for; what they send is tested over HTTP in test/share-links-sdk.test.ts.
import { type ApiClient, CONTENT_FRAGMENT, type OpenNote, type Session } from "@notes/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";

const sdk = vi.hoisted(() => ({
  listShareLinks: vi.fn(),
  resealShareLinks: vi.fn(),
}));
vi.mock("@notes/client", async (actual) => ({
  ...(await actual<typeof import("@notes/client")>()),
  ...sdk,
}));

// Unit files share one module graph per worker (isolate: false): another file may have
// loaded share-links with the real SDK already, so it is loaded afresh, under the mock.
vi.resetModules();
const { NoteLinks } = await import("./share-links");

const NOTE = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";

function noteWith(text: string, updatedAt?: string): OpenNote {
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement("paragraph");
  paragraph.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment(CONTENT_FRAGMENT).insert(0, [paragraph]);
  return { id: NOTE, doc, metadata: { title: "Trip", tags: [] }, updatedAt } as unknown as OpenNote;
}

const link = (sealedAt: string, state = "live", mode = "follow") => ({
  id: "link1",
  noteId: NOTE,
  mode,
  state,
  sealedAt,
});

function linksOf(note: OpenNote) {
  return new NoteLinks({} as ApiClient, {} as Session, (id) => (id === NOTE ? note : undefined));
}

describe("a following link's re-sealing", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sdk.resealShareLinks.mockResolvedValue(1);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it("seals the note's new text a moment after the last edit, once", async () => {
    const note = noteWith("Pack the map.");
    sdk.listShareLinks.mockResolvedValue([link("2026-11-28T10:00:00Z")]);
    const links = linksOf(note);
    await links.start();
    links.edited([NOTE]);
    await vi.advanceTimersByTimeAsync(1000);
    links.edited([NOTE]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sdk.resealShareLinks).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(600);
    expect(sdk.resealShareLinks).toHaveBeenCalledTimes(1);
    expect(sdk.resealShareLinks.mock.calls[0]?.[2]).toEqual({
      id: NOTE,
      title: "Trip",
      text: "Pack the map.\n",
      images: [],
    });
  });

  it("leaves notes without a following link alone", async () => {
    sdk.listShareLinks.mockResolvedValue([link("2026-11-28T10:00:00Z", "live", "snapshot")]);
    const links = linksOf(noteWith("x", "2026-11-28T11:00:00Z"));
    await links.start();
    links.edited([NOTE]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sdk.resealShareLinks).not.toHaveBeenCalled();
  });

  it("on opening, re-seals a link sealed before its note last changed, not one after", async () => {
    sdk.listShareLinks.mockResolvedValue([link("2026-11-28T10:00:00Z")]);
    await linksOf(noteWith("later", "2026-11-28T10:05:00Z")).start();
    expect(sdk.resealShareLinks).toHaveBeenCalledTimes(1);

    sdk.resealShareLinks.mockClear();
    await linksOf(noteWith("same", "2026-11-28T09:55:00Z")).start();
    sdk.listShareLinks.mockResolvedValue([link("2026-11-28T10:00:00Z", "revoked")]);
    await linksOf(noteWith("ended", "2026-11-28T10:05:00Z")).start();
    expect(sdk.resealShareLinks).not.toHaveBeenCalled();
  });

  it("tries a failed re-seal again when the device is back online", async () => {
    sdk.listShareLinks.mockResolvedValue([link("2026-11-28T10:00:00Z")]);
    const links = linksOf(noteWith("offline edit"));
    await links.start();
    sdk.resealShareLinks.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    links.edited([NOTE]);
    await vi.advanceTimersByTimeAsync(1600);
    expect(sdk.resealShareLinks).toHaveBeenCalledTimes(1);
    links.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(sdk.resealShareLinks).toHaveBeenCalledTimes(2);
    links.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(sdk.resealShareLinks).toHaveBeenCalledTimes(2);
  });

  it("reads the list once online when it could not when the notebook opened", async () => {
    sdk.listShareLinks.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const links = linksOf(noteWith("x", "2026-11-28T10:05:00Z"));
    await expect(links.start()).rejects.toThrow();
    sdk.listShareLinks.mockResolvedValue([link("2026-11-28T10:00:00Z")]);
    links.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(sdk.listShareLinks).toHaveBeenCalledTimes(2);
    expect(sdk.resealShareLinks).toHaveBeenCalledTimes(1);
  });

  it("seals the note's uploaded images with their keys, and names one it cannot open", async () => {
    const note = noteWith("Receipt:");
    const fragment = note.doc.getXmlFragment(CONTENT_FRAGMENT);
    const image = (id: string, kind = "image") => {
      const element = new Y.XmlElement("attachment");
      element.setAttribute("id", id);
      element.setAttribute("kind", kind);
      return element;
    };
    fragment.insert(1, [image("a1"), image("b2", "file"), image("c3")]);
    const key = new Uint8Array(32).fill(7);
    const imagesOf = vi.fn(async (_noteId: string, ids: readonly string[]) =>
      ids.includes("a1") ? [{ id: "a1", key, name: "scan.png" }] : [],
    );
    sdk.listShareLinks.mockResolvedValue([link("2026-11-28T10:00:00Z")]);
    const links = new NoteLinks({} as ApiClient, {} as Session, () => note, imagesOf);
    await links.start();
    links.edited([NOTE]);
    await vi.advanceTimersByTimeAsync(1600);
    // Only images are asked for (a file is not shown by a link).
    expect(imagesOf).toHaveBeenCalledWith(NOTE, ["a1", "c3"]);
    expect(sdk.resealShareLinks.mock.calls[0]?.[2]).toEqual({
      id: NOTE,
      title: "Trip",
      text:
        "Receipt:\n\n![scan.png](<attachment:a1>)\n\n\\[attachment not exported\\]\n\n" +
        "\\[attachment not exported\\]\n",
      images: [{ id: "a1", key }],
    });
  });
});
