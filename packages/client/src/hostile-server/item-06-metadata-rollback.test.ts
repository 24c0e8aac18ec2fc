// Issue 33, item 6: titles and tags rolled back in silence. Changing only the metadata
// does not raise a note's version, and the seen state covered versions alone, so a
// server could serve an earlier title and tags at the same version and be believed.
// Now metadata carries a revision inside the sealed JSON ("rev", raised by every
// writer from the highest it saw) and the seen state keeps the highest revision and
// the digest of the envelope that carried it: a lower revision is refused
// (RollbackDetected "older-metadata"), and so is an envelope of the same revision that
// this device saw replaced (docs/client-crypto.md, "Seen states", metadata).
import {
  loadSodium,
  type NoteMetadata,
  openMetadata,
  type Sodium,
  sealMetadata,
} from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { noteHistoryServer } from "../../test/support/hostile-server/note-history-server";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { RollbackDetected } from "../errors";
import { prepareNote } from "../notes/create-note";
import { editNote } from "../notes/editor";
import { openNote } from "../notes/open-note";
import { refreshNote } from "../notes/refresh-note";
import { SyncEngine } from "../sync/sync-engine";
import { MemorySeenStates, parseSeenStates } from "../trust/seen-states";
import type { Session } from "../vault/session";

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

const seal = (metadata: NoteMetadata) => sealMetadata(sodium, FIXED_CEK, NOTE_ID, metadata);

/** A device that synced the note at version 3, titled "Plans" (metadata of before revisions). */
async function device() {
  const session: Session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
  const server = noteHistoryServer(sodium, FIXED_CEK, session.keyPair.publicKey);
  for (const line of ["two", "three", "four"]) server.write(line);
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const engine = new SyncEngine(api, session);
  expect((await engine.syncOnce()).refused).toEqual([]);
  const legacy = server.state();
  /** Serves the note as it is, with `metadata` (sealed) as its title and tags. */
  const serveMetadata = (metadata: string, seq = 10): void => {
    server.serve = () => ({ ...server.state(), metadata, seq });
  };
  const title = () => engine.note(NOTE_ID)?.metadata.title;
  return { session, server, api, engine, legacy, serveMetadata, title };
}

describe("a hostile server rolling titles and tags back (issue 33, item 6)", () => {
  it("an older title served at the same version is refused (older-metadata) and the newer one stays", async () => {
    const { engine, legacy, serveMetadata, title } = await device();
    expect(title()).toBe("Plans");
    const first = seal({ title: "Plans", tags: ["home"], rev: 1 });
    const renamed = seal({ title: "Plans for May", tags: ["home", "may"], rev: 2 });

    serveMetadata(first, 10);
    expect((await engine.syncOnce()).refused).toEqual([]);
    serveMetadata(renamed, 11);
    expect((await engine.syncOnce()).refused).toEqual([]);
    expect(title()).toBe("Plans for May");
    const version = engine.note(NOTE_ID)?.version;

    for (const older of [first, legacy.metadata as string]) {
      serveMetadata(older, 12);
      const result = await engine.syncOnce();
      expect(result.refused).toEqual([expect.any(RollbackDetected)]);
      expect(result.refused[0]).toMatchObject({ noteId: NOTE_ID, kind: "older-metadata" });
      expect(result.changed).toEqual([]);
      expect(title()).toBe("Plans for May");
      expect(engine.note(NOTE_ID)?.metadata.tags).toEqual(["home", "may"]);
    }
    expect(engine.note(NOTE_ID)?.version).toBe(version);
  });

  it("an older title is refused with newer content too: nothing of that state is applied", async () => {
    const { server, engine, serveMetadata, title } = await device();
    serveMetadata(seal({ title: "Plans for May", tags: [], rev: 2 }), 10);
    await engine.syncOnce();
    server.write("five");
    const older = seal({ title: "Plans", tags: [], rev: 1 });
    server.serve = () => ({ ...server.state(), metadata: older });

    const result = await engine.syncOnce();

    expect(result.refused[0]).toMatchObject({ kind: "older-metadata" });
    expect(title()).toBe("Plans for May");
    expect(engine.note(NOTE_ID)?.version).toBe(3);
  });

  it("what the device saw of the metadata outlasts a restart (stored as JSON)", async () => {
    const { session, api, engine, serveMetadata } = await device();
    serveMetadata(seal({ title: "Plans for May", tags: [], rev: 5 }), 10);
    await engine.syncOnce();
    const stored = JSON.stringify(session.seenStates?.all());
    expect(parseSeenStates(stored)[0]).toMatchObject({ metadataRev: 5 });

    const restarted: Session = {
      ...(await fixedSession()),
      seenStates: new MemorySeenStates(parseSeenStates(stored)),
    };
    serveMetadata(seal({ title: "Plans", tags: [], rev: 4 }), 11);
    const fresh = new SyncEngine(api, restarted);
    const result = await fresh.syncOnce();

    expect(result.refused[0]).toMatchObject({ kind: "older-metadata" });
    expect(fresh.note(NOTE_ID)).toBeUndefined();
  });

  it("two writers at the same revision: the later one is taken, and the one it replaced is refused after", async () => {
    const { engine, serveMetadata, title } = await device();
    const mine = seal({ title: "Mine", tags: [], rev: 3 });
    const theirs = seal({ title: "Theirs", tags: [], rev: 3 });
    serveMetadata(mine, 10);
    await engine.syncOnce();
    // Written at the same time from the same revision elsewhere, stored last: honest.
    serveMetadata(theirs, 11);
    expect((await engine.syncOnce()).refused).toEqual([]);
    expect(title()).toBe("Theirs");

    serveMetadata(mine, 12);
    const result = await engine.syncOnce();
    expect(result.refused[0]).toMatchObject({ kind: "older-metadata" });
    expect(title()).toBe("Theirs");
  });

  it("writers raise the revision from the highest the note has seen; a new note starts at 1", async () => {
    const { server, api, engine, serveMetadata } = await device();
    serveMetadata(seal({ title: "Plans", tags: [], rev: 7 }), 10);
    await engine.syncOnce();
    server.serve = undefined;
    const note = engine.note(NOTE_ID);
    if (!note) throw new Error("note not held");

    await editNote(api, note, () => undefined, { title: "Renamed", tags: [] });

    const sent = server.seen.findLast((r) => r.method === "POST")?.body as { metadata: string };
    expect(openMetadata(sodium, FIXED_CEK, NOTE_ID, sent.metadata)).toMatchObject({
      title: "Renamed",
      rev: 8,
    });
    expect(note.metadata.rev).toBe(8);

    const created = await prepareNote(await fixedSession(), { title: "New", tags: [] });
    expect(created.note.metadata.rev).toBe(1);
    const opened = openMetadata(sodium, created.note.cek, created.note.id, created.body.metadata);
    expect(opened.rev).toBe(1);
  });

  it("metadata of before revisions still opens on a device that never saw one", async () => {
    const { title, engine } = await device();
    expect(title()).toBe("Plans");
    expect(engine.note(NOTE_ID)?.metadata.rev).toBeUndefined();
  });
});

describe("older titles and tags through openNote and refreshNote (issue 33, item 6, the other paths)", () => {
  it("openNote refuses an older title than the device saw, and what it opens is seen after", async () => {
    const { session, api, engine, serveMetadata } = await device();
    serveMetadata(seal({ title: "Plans for May", tags: [], rev: 2 }), 10);
    await engine.syncOnce();

    serveMetadata(seal({ title: "Plans", tags: [], rev: 1 }), 11);
    const refused = await openNote(api, session, NOTE_ID).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RollbackDetected);
    expect(refused).toMatchObject({ noteId: NOTE_ID, kind: "older-metadata" });

    serveMetadata(seal({ title: "Plans in June", tags: [], rev: 4 }), 12);
    expect((await openNote(api, session, NOTE_ID)).metadata.title).toBe("Plans in June");
    expect(session.seenStates?.get(NOTE_ID)).toMatchObject({ metadataRev: 4 });
    serveMetadata(seal({ title: "Plans for May", tags: [], rev: 3 }), 13);
    const result = await engine.syncOnce();
    expect(result.refused[0]).toMatchObject({ kind: "older-metadata" });
  });

  it("refreshNote refuses an older title and leaves the note as it was", async () => {
    const { session, api, engine, server, serveMetadata, title } = await device();
    serveMetadata(seal({ title: "Plans for May", tags: ["may"], rev: 2 }), 10);
    await engine.syncOnce();
    const note = engine.note(NOTE_ID);
    if (!note) throw new Error("note not held");

    server.write("five");
    const older = seal({ title: "Plans", tags: [], rev: 1 });
    server.serve = () => ({ ...server.state(), metadata: older });
    const refused = await refreshNote(api, session, note).catch((e: unknown) => e);

    expect(refused).toBeInstanceOf(RollbackDetected);
    expect(refused).toMatchObject({ kind: "older-metadata" });
    expect(title()).toBe("Plans for May");
    expect(note.version).toBe(3);

    const newer = seal({ title: "Plans for July", tags: [], rev: 6 });
    server.serve = () => ({ ...server.state(), metadata: newer });
    await refreshNote(api, session, note);
    expect(title()).toBe("Plans for July");
    expect(session.seenStates?.get(NOTE_ID)).toMatchObject({ metadataRev: 6 });
  });
});
