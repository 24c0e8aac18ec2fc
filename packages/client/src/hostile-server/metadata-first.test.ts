// Issue 35: a first sync lists every note from metadata pages before their bodies
// (listNotesMetadata). Those rows are provisional and nothing is recorded from them,
// but what this device saw still holds there: a title or a state older than seen, and
// a note whose deletion was confirmed, are left out as the full sync would leave them,
// and so is a title that does not open under the note's key.
import { loadSodium, type NoteMetadata, type Sodium, sealMetadata } from "@notes/crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { noteHistoryServer } from "../../test/support/hostile-server/note-history-server";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { openWrap } from "../keys/opened-wraps";
import { type ListedNote, listNotesMetadata } from "../sync/metadata-pass";
import { SyncEngine } from "../sync/sync-engine";
import { MemorySeenStates } from "../trust/seen-states";
import type { Session } from "../vault/session";

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

const seal = (metadata: NoteMetadata) => sealMetadata(sodium, FIXED_CEK, NOTE_ID, metadata);

/** A device that synced the note (version 3), and what a metadata pass lists now. */
async function device() {
  const session: Session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
  const server = noteHistoryServer(sodium, FIXED_CEK, session.keyPair.publicKey);
  for (const line of ["two", "three"]) server.write(line);
  const asked: string[] = [];
  const api = createApiClient({
    baseUrl: "http://x",
    fetch: (url, init) => {
      asked.push(new URL(url).search);
      return server.fetch(url, init);
    },
  });
  const list = async () => {
    const listed: ListedNote[] = [];
    await listNotesMetadata(api, session, (notes) => void listed.push(...notes), {
      firstPageSize: 40,
    });
    return listed;
  };
  return { session, server, api, asked, list };
}

describe("a first sync's metadata pages (issue 35)", () => {
  it("list each note's title, role and members without snapshots, newest first, recording nothing", async () => {
    const { session, asked, list } = await device();
    const listed = await list();
    expect(listed).toEqual([
      expect.objectContaining({ id: NOTE_ID, role: "owner", memberCount: 2 }),
    ]);
    expect(listed[0]?.metadata.title).toBe("Plans");
    expect(asked[0]).toContain("snapshots=false");
    expect(asked[0]).toContain("order=newest");
    expect(asked[0]).toContain("pageSize=40");
    expect(session.seenStates?.get(NOTE_ID)).toBeUndefined();
  });

  it("leave out a title older than this device saw, and a state older than it saw", async () => {
    const { session, server, api, list } = await device();
    const engine = new SyncEngine(api, session);
    const first = seal({ title: "Plans", tags: [], rev: 1 });
    const renamed = seal({ title: "Plans for May", tags: [], rev: 2 });
    server.serve = () => ({ ...server.state(), metadata: renamed, seq: 10 });
    expect((await engine.syncOnce()).refused).toEqual([]);

    server.serve = () => ({ ...server.state(), metadata: first, seq: 11 });
    expect(await list()).toEqual([]);
    const older = server.history[0];
    if (!older) throw new Error("no history");
    server.serve = () => ({ ...older, metadata: renamed });
    expect(await list()).toEqual([]);
    server.serve = () => ({ ...server.state(), metadata: renamed, seq: 12 });
    expect((await list()).map((n) => n.metadata.title)).toEqual(["Plans for May"]);
  });

  it("leave out a note whose deletion was confirmed, a tombstone, and a title that does not open", async () => {
    const { session, server, list } = await device();
    session.seenStates?.set({
      noteId: NOTE_ID,
      version: 0,
      snapshotVersion: 0,
      left: { at: "x", confirmed: true },
    });
    expect(await list()).toEqual([]);
    session.seenStates?.forget(NOTE_ID);
    const foreign = sealMetadata(sodium, new Uint8Array(32).fill(9), NOTE_ID, {
      title: "Not yours",
      tags: [],
    });
    server.serve = () => ({ ...server.state(), metadata: foreign });
    expect(await list()).toEqual([]);
    server.delete();
    expect(await list()).toEqual([]);
  });

  it("a note opened before its body came is read on its own and judged as the sync judges it", async () => {
    const { session, server, api } = await device();
    const ahead = new SyncEngine(api, session);
    const taken = await ahead.fetchNote(NOTE_ID);
    expect(taken.changed).toEqual([NOTE_ID]);
    expect(ahead.note(NOTE_ID)?.metadata.title).toBe("Plans");
    expect(ahead.synced).toBe(false);

    // Another tab of this device (same seen states) is served the older state: refused,
    // not held, and reported as a sync reports it.
    const older = server.history[0];
    if (!older) throw new Error("no history");
    server.serve = () => older;
    const other = new SyncEngine(api, session);
    const refused = await other.fetchNote(NOTE_ID);
    expect(refused.refused).toEqual([expect.objectContaining({ noteId: NOTE_ID })]);
    expect(other.note(NOTE_ID)).toBeUndefined();
  });

  it("open each page's wraps ahead, off libsodium, and hold none once the walk is done", async () => {
    const { session, api, list } = await device();
    const wasm = vi.spyOn(sodium, "crypto_box_seal_open");
    try {
      expect(await list()).toHaveLength(1);
      const engine = new SyncEngine(api, session);
      expect((await engine.syncOnce()).changed).toEqual([NOTE_ID]);
      expect(wasm).not.toHaveBeenCalled();
      const { wrappedCek } = await api.call("notes.get", { id: NOTE_ID });
      expect(openWrap(sodium, session, wrappedCek as string)).toEqual(FIXED_CEK);
      expect(wasm).toHaveBeenCalledTimes(1);
    } finally {
      wasm.mockRestore();
    }
  });
});
