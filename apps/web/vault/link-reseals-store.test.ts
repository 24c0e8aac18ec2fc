// A following link left behind by an edit made offline is re-sealed after a reload
// (issue 37, "small gaps in following links"): a title-only edit does not move the
// note's last-changed time, so only the sealed record of notes left behind says so.
// The SDK's calls are stood in for, as in share-links.test.ts.
import "fake-indexeddb/auto";
import { type ApiClient, CONTENT_FRAGMENT, type OpenNote } from "@notes/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { freshDb, testSession } from "./test-session";

const sdk = vi.hoisted(() => ({
  listShareLinks: vi.fn(),
  resealShareLinks: vi.fn(),
}));
vi.mock("@notes/client", async (actual) => ({
  ...(await actual<typeof import("@notes/client")>()),
  ...sdk,
}));

// Unit files share one module graph per worker: loaded afresh, under the mock.
vi.resetModules();
const { NoteLinks } = await import("./share-links");
const { keepLinkReseals } = await import("./link-reseals-store");

const NOTE = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";
const SEALED_AT = "2026-11-28T10:00:00Z";
// The note last changed (as the server said) before the link was sealed: a title-only
// edit made since does not move it.
const UPDATED_AT = "2026-11-28T09:55:00Z";

function note(title: string): OpenNote {
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement("paragraph");
  paragraph.insert(0, [new Y.XmlText("Pack the map.")]);
  doc.getXmlFragment(CONTENT_FRAGMENT).insert(0, [paragraph]);
  return {
    id: NOTE,
    doc,
    metadata: { title, tags: [] },
    updatedAt: UPDATED_AT,
  } as unknown as OpenNote;
}

const following = [
  { id: "link1", noteId: NOTE, mode: "follow", state: "live", sealedAt: SEALED_AT },
];

async function device(db: Awaited<ReturnType<typeof freshDb>>, shown: OpenNote) {
  const session = await testSession();
  const links = new NoteLinks({} as ApiClient, session, (id) => (id === NOTE ? shown : undefined));
  const stop = await keepLinkReseals(db, session, links);
  return { links, stop };
}

describe("following links left behind across a reload", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it("re-seals a title-only edit made offline after the reload, and only then forgets it", async () => {
    const db = await freshDb();
    sdk.listShareLinks.mockResolvedValue(following);
    const renamed = note("Trip (final)");
    const before = await device(db, renamed);
    await before.links.start();
    // Renamed offline: the re-seal a moment later fails.
    sdk.resealShareLinks.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    before.links.edited([NOTE]);
    await vi.waitFor(() => expect(sdk.resealShareLinks).toHaveBeenCalledTimes(1), 5_000);
    const stored = await vi.waitFor(async () => {
      const value = await db.get("meta", "linkReseals");
      if (!value) throw new Error("not saved yet");
      return value;
    }, 5_000);
    expect(stored).not.toContain(NOTE);
    before.stop();
    before.links.stop();

    // The reload: the list shows the link sealed after the note's last change, which
    // alone would say nothing is behind.
    sdk.resealShareLinks.mockResolvedValue(1);
    const after = await device(db, renamed);
    expect(after.links.behindIds()).toEqual([NOTE]);
    await after.links.start();
    expect(sdk.resealShareLinks).toHaveBeenCalledTimes(2);
    expect(sdk.resealShareLinks.mock.calls[1]?.[2]).toMatchObject({
      id: NOTE,
      title: "Trip (final)",
    });
    await vi.waitFor(() => expect(after.links.behindIds()).toEqual([]), 5_000);
    // Saved once the device pauses: the record is written again, now empty.
    await vi.waitFor(async () => {
      expect(await db.get("meta", "linkReseals")).not.toBe(stored);
    }, 5_000);
    after.stop();

    // Nothing is left behind now: the next reload re-seals nothing.
    const again = await device(db, renamed);
    expect(again.links.behindIds()).toEqual([]);
    await again.links.start();
    expect(sdk.resealShareLinks).toHaveBeenCalledTimes(2);
    again.stop();
  }, 30_000);

  it("keeps edits made before the list is read, and drops notes the list shows without a following link", async () => {
    const db = await freshDb();
    const { links, stop } = await device(db, note("Trip"));
    // The list could not be read (offline): any edited note may have a following link.
    links.edited([NOTE, "other-note"]);
    expect(links.behindIds().sort()).toEqual([NOTE, "other-note"].sort());
    sdk.listShareLinks.mockResolvedValue(following);
    sdk.resealShareLinks.mockResolvedValue(1);
    await links.start();
    expect(sdk.resealShareLinks).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(links.behindIds()).toEqual([]));
    stop();
  });
});
