// Issue 33, item 12, for a device that was not linked: a device signed in by password or
// passkey starts with no seen states (only a linked device is handed the linking device's
// seen heads: item-12-fresh-device-rollback.test.ts), so it took an older state of a note
// without a word. The key-transparency log now holds each note's head (its version,
// snapshot version and the digests of the update and metadata at it; docs/
// key-transparency.md, "Note heads"), the same for everyone: opening a note it never saw,
// the device holds the served state against the logged head, and an older one is refused
// as a rollback and warned of. A note the log never held opens as before.
import { loadSodium, type Sodium, sealMetadata } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { noteHistoryServer } from "../../test/support/hostile-server/note-history-server";
import { json } from "../../test/support/test-fetch";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { KeyTransparencyFailed, RollbackDetected } from "../errors";
import { openNote } from "../notes/open-note";
import { readText } from "../notes/text";
import { SyncEngine } from "../sync/sync-engine";
import { noteWritten, watchOwnHeads } from "../trust/head-audit";
import { holdToLoggedHead } from "../trust/held-head";
import { type KeyTransparencyWarning, keyTransparencyFor } from "../trust/key-transparency";
import { MemorySeenStates } from "../trust/seen-states";
import type { Session } from "../vault/session";

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

/** The note written to version 3 and renamed at revision 4; the log holds that head. */
async function written(logged = true) {
  const { keyPair } = await fixedSession();
  const notes = noteHistoryServer(sodium, FIXED_CEK, keyPair.publicKey);
  for (const line of ["two", "three", "four"]) notes.write(line);
  const renamed = sealMetadata(sodium, FIXED_CEK, NOTE_ID, { title: "Plans", tags: [], rev: 4 });
  const current = (): NoteState => ({ ...notes.state(), metadata: renamed });
  if (logged) notes.keyLog.logNoteHead(current());
  return { notes, current };
}

/** A device signed in by password: the account's keys, nothing seen, nothing linked. */
async function freshDevice(notes: { fetch: Parameters<typeof createApiClient>[0]["fetch"] }) {
  const session: Session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
  const api = createApiClient({ baseUrl: "http://x", fetch: notes.fetch });
  const warnings: KeyTransparencyWarning[] = [];
  keyTransparencyFor(api, { onWarning: (w) => warnings.push(w) });
  return { session, api, warnings };
}

describe("issue 33, item 12: a fresh device signed in by password is not rolled back below the logged head", () => {
  it("refuses an older version of a note it never saw, and warns, then takes the current one", async () => {
    const { notes, current } = await written();
    const { session, api, warnings } = await freshDevice(notes);
    notes.serve = () => notes.history[1] as NoteState; // version 1

    const refused = await openNote(api, session, NOTE_ID).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RollbackDetected);
    expect(refused).toMatchObject({ noteId: NOTE_ID, kind: "older-version" });
    expect(warnings).toEqual([
      expect.objectContaining({ kind: "note-head", reason: "rollback", noteId: NOTE_ID }),
    ]);
    // The logged head is remembered as seen: the first sync reaching the note is held to it.
    expect(session.seenStates?.get(NOTE_ID)).toMatchObject({ version: 3, snapshotVersion: 0 });
    const sync = await new SyncEngine(api, session).syncOnce();
    expect(sync.refused).toEqual([expect.objectContaining({ kind: "older-version" })]);

    notes.serve = current;
    const note = await openNote(api, session, NOTE_ID);
    expect(readText(note.doc)).toBe("first line\ntwo\nthree\nfour");
    expect(note.metadata.title).toBe("Plans");
  });

  it("refuses another update at the logged version, and older title and tags", async () => {
    const { notes, current } = await written();
    const forked = { ...current(), updates: [...current().updates] };
    forked.updates[2] = forked.updates[0] as string;
    notes.serve = () => forked;
    const first = await freshDevice(notes);
    await expect(openNote(first.api, first.session, NOTE_ID)).rejects.toMatchObject({
      kind: "different-history",
    });

    const older = sealMetadata(sodium, FIXED_CEK, NOTE_ID, {
      title: "Old plans",
      tags: [],
      rev: 2,
    });
    notes.serve = () => ({ ...current(), metadata: older });
    const second = await freshDevice(notes);
    await expect(openNote(second.api, second.session, NOTE_ID)).rejects.toMatchObject({
      kind: "older-metadata",
    });
    expect(second.warnings[0]).toMatchObject({ kind: "note-head", reason: "rollback" });
  });

  it("a note opened before the first sync brought it (SyncEngine.fetchNote) is held to the logged head too", async () => {
    const { notes, current } = await written();
    const { session, api, warnings } = await freshDevice(notes);
    notes.serve = () => notes.history[1] as NoteState;
    const engine = new SyncEngine(api, session);
    const refused = await engine.fetchNote(NOTE_ID);
    expect(refused.refused).toEqual([expect.objectContaining({ kind: "older-version" })]);
    expect(engine.note(NOTE_ID)).toBeUndefined();
    expect(warnings).toMatchObject([{ kind: "note-head", reason: "rollback", noteId: NOTE_ID }]);
    expect((await engine.syncOnce()).refused).toHaveLength(1);

    notes.serve = current;
    expect((await engine.syncOnce()).changed).toEqual([NOTE_ID]);
    expect(readText(engine.note(NOTE_ID)?.doc ?? fail())).toBe("first line\ntwo\nthree\nfour");
  });

  it("a head proof the server lowers to match its older state does not verify: nothing is opened", async () => {
    const { notes } = await written();
    const older = notes.history[1] as NoteState;
    notes.serve = () => older;
    const lowered: typeof notes.fetch = async (url, init) => {
      const answer = await notes.fetch(url, init);
      if (!url.includes("/v1/key-transparency/notes/")) return answer;
      const body = (await answer.json()) as { head: { version: number } };
      return json({ ...body, head: { ...body.head, version: older.version } });
    };
    const { session, api } = await freshDevice({ fetch: lowered });
    await expect(openNote(api, session, NOTE_ID)).rejects.toBeInstanceOf(KeyTransparencyFailed);
    expect(session.seenStates?.get(NOTE_ID)).toBeUndefined();
  });

  it("a note the log never held opens as before, older state included (the limit of the log)", async () => {
    const { notes } = await written(false);
    const { session, api, warnings } = await freshDevice(notes);
    notes.serve = () => notes.history[1] as NoteState;
    const note = await openNote(api, session, NOTE_ID);
    expect(readText(note.doc)).toBe("first line\ntwo");
    expect(warnings).toEqual([]);
  });
});

describe("issue 33, item 12: the writer's audit of note heads", () => {
  it("a version this device wrote that the log never takes is warned of two epochs on; a logged one is not", async () => {
    const { notes, current } = await written(false);
    const { session, api, warnings } = await freshDevice(notes);
    const kt = keyTransparencyFor(api);
    noteWritten(session, NOTE_ID, 3);
    notes.keyLog.closeEpoch();
    const stop = watchOwnHeads(kt, session, { graceEpochs: 2 });
    for (let i = 0; i < 3; i++) {
      notes.keyLog.closeEpoch();
      await kt.refreshHead();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stop();
    expect(warnings).toMatchObject([{ kind: "note-head", reason: "not-logged", noteId: NOTE_ID }]);

    const honest = await written();
    const other = await freshDevice(honest.notes);
    const otherKt = keyTransparencyFor(other.api);
    noteWritten(other.session, NOTE_ID, current().version);
    const stopOther = watchOwnHeads(otherKt, other.session, { graceEpochs: 2 });
    for (let i = 0; i < 3; i++) {
      honest.notes.keyLog.closeEpoch();
      await otherKt.refreshHead();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stopOther();
    expect(other.warnings).toEqual([]);
  });
});

function fail(): never {
  throw new Error("note not held");
}

describe("issue 33, item 12: a note a fresh device's first sync took is held to the logged head when opened", () => {
  it("reads it again when the log is ahead: an older state served again is refused and warned of, the current one caught up with", async () => {
    const { notes, current } = await written();
    const { session, api, warnings } = await freshDevice(notes);
    // The first sync takes what it is served (no proof per note): version 1.
    notes.serve = () => notes.history[1] as NoteState;
    const engine = new SyncEngine(api, session);
    expect((await engine.syncOnce()).changed).toEqual([NOTE_ID]);
    const note = engine.note(NOTE_ID) ?? fail();
    expect(note.version).toBe(1);

    // Opened: the log holds version 3; the server keeps serving version 1.
    expect(await holdToLoggedHead(sodium, api, session, note)).toBe("rolled-back");
    expect(warnings).toEqual([
      expect.objectContaining({ kind: "note-head", reason: "rollback", noteId: NOTE_ID }),
    ]);
    // From now on what is served must reach the logged head: the sync refuses less too.
    expect(session.seenStates?.get(NOTE_ID)).toMatchObject({ version: 3 });
    // Asked once per session.
    expect(await holdToLoggedHead(sodium, api, session, note)).toBe("unchecked");

    // Another device (session) of the same account, served the current state when opening.
    const other = await freshDevice(notes);
    const otherEngine = new SyncEngine(other.api, other.session);
    notes.serve = () => notes.history[1] as NoteState;
    await otherEngine.syncOnce();
    notes.serve = current;
    const held = otherEngine.note(NOTE_ID) ?? fail();
    expect(await holdToLoggedHead(sodium, other.api, other.session, held)).toBe("caught-up");
    expect(readText(held.doc)).toBe("first line\ntwo\nthree\nfour");
    expect(other.warnings).toEqual([]);
  });

  it("a log behind what this device saw, or at it, changes nothing", async () => {
    const { notes, current } = await written();
    notes.write("five"); // version 4, not logged yet
    const { session, api, warnings } = await freshDevice(notes);
    notes.serve = () => ({ ...notes.state(), metadata: current().metadata });
    const engine = new SyncEngine(api, session);
    await engine.syncOnce();
    const note = engine.note(NOTE_ID) ?? fail();
    expect(await holdToLoggedHead(sodium, api, session, note)).toBe("held");
    expect(warnings).toEqual([]);
    expect(session.seenStates?.get(NOTE_ID)).toMatchObject({ version: 4 });
  });
});
