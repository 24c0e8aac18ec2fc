// Issue 21, attack 5: the server rolls a note back or drops updates. A device used to
// take whatever state it was served: an older one (a lower version, an older snapshot),
// one claiming versions it does not carry, or one whose update at a version the device
// had seen was another. Now each device remembers the newest state it saw of each note
// (version, snapshot version, a digest of the update at that version) and refuses less
// with RollbackDetected; honest compaction, deletion and a fresh device raise nothing.
import { loadSodium, type Sodium } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { noteHistoryServer } from "../../test/support/hostile-server/note-history-server";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { RollbackDetected } from "../errors";
import { openNote } from "../notes/open-note";
import { refreshNote } from "../notes/refresh-note";
import { readText } from "../notes/text";
import { SyncEngine } from "../sync/sync-engine";
import { signDeletion } from "../trust/deletion-signature";
import { MemorySeenStates, parseSeenStates } from "../trust/seen-states";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

/** A device that synced the note at version 3 (three lines Bob wrote after the first). */
async function deviceAtVersion3() {
  const session: Session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
  const server = noteHistoryServer(sodium, FIXED_CEK, session.keyPair.publicKey);
  for (const line of ["two", "three", "four"]) server.write(line);
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const engine = new SyncEngine(api, session);
  expect((await engine.syncOnce()).refused).toEqual([]);
  const note = engine.note(NOTE_ID);
  expect(note?.version).toBe(3);
  return { session, server, api, engine, text: readText(note?.doc ?? fail()) };
}

function fail(): never {
  throw new Error("note not held");
}

describe("a hostile server rolling notes back or dropping updates", () => {
  it("attack 5: a sync served an older version than the device saw reports RollbackDetected and keeps the note", async () => {
    const { server, engine, text } = await deviceAtVersion3();
    const older = server.history[1] as NoteState; // version 1
    server.serve = () => older;

    const result = await engine.syncOnce();

    expect(result.refused).toHaveLength(1);
    expect(result.refused[0]).toBeInstanceOf(RollbackDetected);
    expect(result.refused[0]).toMatchObject({
      noteId: NOTE_ID,
      kind: "older-version",
      seen: { version: 3, snapshotVersion: 0 },
      served: { version: 1, snapshotVersion: 0 },
    });
    expect(result.changed).toEqual([]);
    expect(readText(engine.note(NOTE_ID)?.doc ?? fail())).toBe(text);
  });

  it("attack 5: a state claiming versions whose updates it leaves out is refused (missing-updates)", async () => {
    const { session, server, api, engine } = await deviceAtVersion3();
    server.write("five");
    const honest = server.state();
    server.serve = () => ({ ...honest, updates: honest.updates.filter((_, i) => i !== 2) });
    const note = engine.note(NOTE_ID) ?? fail();

    await expect(refreshNote(api, session, note)).rejects.toMatchObject({
      name: "RollbackDetected",
      kind: "missing-updates",
    });
    expect(note.version).toBe(3);
  });

  it("attack 5: the update at a version the device saw, swapped for another, is refused (different-history)", async () => {
    const { server, engine } = await deviceAtVersion3();
    const honest = server.state();
    const swapped = [...honest.updates];
    swapped[2] = honest.updates[1] as string;
    server.serve = () => ({ ...honest, updates: swapped });

    const result = await engine.syncOnce();

    expect(result.refused).toEqual([expect.any(RollbackDetected)]);
    expect(result.refused[0]).toMatchObject({ kind: "different-history" });
  });

  it("attack 5: an older snapshot after the device saw a newer compaction is refused (older-snapshot)", async () => {
    const { server, engine } = await deviceAtVersion3();
    server.compact();
    expect((await engine.syncOnce()).refused).toEqual([]);
    // The pre-compaction state at the same version, with its updates back.
    const beforeCompaction = server.history[3] as NoteState;
    server.serve = () => beforeCompaction;

    const result = await engine.syncOnce();

    expect(result.refused[0]).toMatchObject({
      name: "RollbackDetected",
      kind: "older-snapshot",
      seen: { version: 3, snapshotVersion: 3 },
      served: { version: 3, snapshotVersion: 0 },
    });
  });

  it("attack 5: what the device saw outlasts a restart (stored as JSON), so opening the note again still refuses the rollback", async () => {
    const { session, server, api } = await deviceAtVersion3();
    const stored = JSON.stringify(session.seenStates?.all());
    const restarted: Session = {
      ...(await fixedSession()),
      seenStates: new MemorySeenStates(parseSeenStates(stored)),
    };
    server.serve = () => server.history[0] as NoteState;

    await expect(openNote(api, restarted, NOTE_ID)).rejects.toBeInstanceOf(RollbackDetected);
  });

  it("attack 5: honest compaction, deletion and a fresh device raise nothing", async () => {
    const { session, server, api, engine } = await deviceAtVersion3();
    server.write("five");
    server.compact();
    server.write("six");
    const synced = await engine.syncOnce();
    expect(synced.refused).toEqual([]);
    expect(engine.note(NOTE_ID)?.version).toBe(5);
    // Answers that were honest but arrive after a newer one do not lower what was seen.
    await refreshNote(api, session, engine.note(NOTE_ID) ?? fail());
    expect(session.seenStates?.get(NOTE_ID)).toMatchObject({ version: 5, snapshotVersion: 4 });

    // A fresh device has seen nothing: any state is its first.
    const fresh: Session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
    server.serve = () => server.history[0] as NoteState;
    expect(readText((await openNote(api, fresh, NOTE_ID)).doc)).toBe("first line");

    // Deleted, the owner's signature on the tombstone: removed, and what the device saw
    // of the note stays, marked as left (issue 33, item 3: a tombstone un-knows nothing).
    server.delete();
    const tombstone = server.serve?.() ?? fail();
    const deletionSignature = signDeletion(sodium, signerOf(session), NOTE_ID, 5);
    server.serve = () => ({ ...tombstone, deletionSignature });
    const deleted = await engine.syncOnce();
    expect(deleted).toMatchObject({ removed: [NOTE_ID], refused: [] });
    expect(session.seenStates?.get(NOTE_ID)).toMatchObject({
      version: 5,
      left: { confirmed: true },
    });
  });
});
