// Issue 33, item 12, for a device that signs in by password or passkey (not linked): it
// starts with no seen states, so it took whatever older state of a note the server
// served. Every device of the account now uploads its seen heads, sealed under a key only
// the account's devices hold with a counter in the associated data, and the
// key-transparency log holds the newest counter and the digest of its bytes
// (docs/client-crypto.md, "The account's seen heads"). A fresh device reads the copy
// before its first sync and holds it to the log: an older copy replayed, other bytes under
// the logged counter, or no copy while one is logged are refused (SeenHeadsRolledBack);
// a copy newer than the log's is taken (only the account's devices can seal one).
import { loadSodium, type Sodium, sealMetadata } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { noteHistoryServer } from "../../test/support/hostile-server/note-history-server";
import { seenHeadsServer } from "../../test/support/hostile-server/seen-heads-server";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { RollbackDetected, SeenHeadsRolledBack } from "../errors";
import { SyncEngine } from "../sync/sync-engine";
import {
  readAccountSeenHeads,
  startFromAccountSeenHeads,
  uploadAccountSeenHeads,
} from "../trust/account-seen-heads";
import { keyTransparencyFor } from "../trust/key-transparency";
import { MemorySeenStates } from "../trust/seen-states";
import type { Session } from "../vault/session";

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

/** The laptop: synced the note at version 3, titled at revision 4, and uploaded its heads (counter 1). */
async function laptop() {
  const session: Session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
  const notes = noteHistoryServer(sodium, FIXED_CEK, session.keyPair.publicKey);
  for (const line of ["two", "three", "four"]) notes.write(line);
  const renamed = sealMetadata(sodium, FIXED_CEK, NOTE_ID, { title: "Plans", tags: [], rev: 4 });
  const current = () => ({ ...notes.state(), metadata: renamed });
  notes.serve = current;
  const sync = (device: Session) =>
    new SyncEngine(createApiClient({ baseUrl: "http://x", fetch: notes.fetch }), device);
  expect((await sync(session).syncOnce()).refused).toEqual([]);
  notes.serve = undefined;
  const server = seenHeadsServer(session.account.id);
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  expect(await uploadAccountSeenHeads(api, session)).toEqual({ counter: 1, uploaded: true });
  /** Bob writes `line`; the laptop syncs it (version 4). */
  const syncAgain = async (line: string) => {
    notes.write(line);
    notes.serve = current;
    expect((await sync(session).syncOnce()).refused).toEqual([]);
    notes.serve = undefined;
  };
  return { session, notes, current, server, api, sync, syncAgain };
}

/** A phone signed in by password: the account's keys, no seen states, its own checker. */
async function phone(api: ReturnType<typeof createApiClient>): Promise<Session> {
  keyTransparencyFor(api, { waitForLogMs: 0 });
  return { ...(await fixedSession()), seenStates: new MemorySeenStates() };
}

const refusal = async (run: Promise<unknown>) => {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SeenHeadsRolledBack);
  return error as SeenHeadsRolledBack;
};

describe("issue 33, item 12: a device signed in by password is not rolled back below what the account's devices saw", () => {
  it("refuses an older copy of a note than the laptop uploaded, and takes the current one", async () => {
    const { notes, current, server, api, sync } = await laptop();
    server.logStored();
    const fresh = await phone(api);

    expect(await startFromAccountSeenHeads(api, fresh)).toEqual({ counter: 1, raised: [NOTE_ID] });
    notes.serve = () => notes.history[1] as NoteState; // version 1
    const engine = sync(fresh);
    const older = await engine.syncOnce();
    expect(older.refused).toEqual([expect.any(RollbackDetected)]);
    expect(older.refused[0]).toMatchObject({ noteId: NOTE_ID, kind: "older-version" });
    expect(engine.note(NOTE_ID)).toBeUndefined();

    notes.serve = current;
    const honest = await sync(fresh).syncOnce();
    expect(honest.refused).toEqual([]);
    expect(honest.changed).toEqual([NOTE_ID]);
  });

  it("refuses a replayed older copy under a leaf with a higher counter, and other bytes under the logged counter", async () => {
    const { session, server, api, syncAgain } = await laptop();
    await syncAgain("five");
    expect(await uploadAccountSeenHeads(api, session)).toEqual({ counter: 2, uploaded: true });
    server.logStored();
    const fresh = await phone(api);

    server.serve = () => server.copies[0] ?? { counter: 0, sealed: null }; // counter 1, honest then
    const replayed = await refusal(startFromAccountSeenHeads(api, fresh));
    expect(replayed).toMatchObject({ kind: "older-copy", served: 1, expected: 2 });
    expect(fresh.seenStates?.all()).toEqual([]);

    // The first copy's bytes relabelled with the logged counter do not match its digest.
    server.serve = () => ({ counter: 2, sealed: server.copies[0]?.sealed ?? null });
    const replaced = await refusal(startFromAccountSeenHeads(api, fresh));
    expect(replaced).toMatchObject({ kind: "replaced-copy", served: 2 });
  });

  it("refuses no copy at all while the log holds one, and a device's own counter going back", async () => {
    const { session, server, api } = await laptop();
    server.logStored();
    const fresh = await phone(api);
    server.serve = () => ({ counter: 0, sealed: null });
    const withheld = await refusal(startFromAccountSeenHeads(api, fresh));
    expect(withheld).toMatchObject({ kind: "withheld", served: undefined, expected: 1 });

    // The laptop itself read counter 1 before: a server answering none is refused there too.
    const own = await refusal(readAccountSeenHeads(api, session, { known: 1, verifyLog: false }));
    expect(own).toMatchObject({ kind: "older-than-this-device", expected: 1 });
  });

  it("takes a copy newer than the log's leaf (sealed by the account's device), and the newest seal only opens at its counter", async () => {
    const { session, server, api, syncAgain } = await laptop();
    server.logStored();
    await syncAgain("five");
    expect(await uploadAccountSeenHeads(api, session)).toEqual({ counter: 2, uploaded: true });
    // Not logged yet: the leaf still holds counter 1.
    const fresh = await phone(api);
    const counters: number[] = [];
    const started = await startFromAccountSeenHeads(api, fresh, {
      onCounter: (n) => counters.push(n),
    });
    expect(started).toEqual({ counter: 2, raised: [NOTE_ID] });
    expect(fresh.seenStates?.get(NOTE_ID)).toMatchObject({ version: 4, metadataRev: 4 });
    expect(counters).toEqual([2]);

    // Copy 2's bytes served as counter 3 (above the leaf) do not open: the counter is sealed in.
    server.serve = () => ({ counter: 3, sealed: server.copies[1]?.sealed ?? null });
    const relabelled = await refusal(startFromAccountSeenHeads(api, await phone(api)));
    expect(relabelled).toMatchObject({ kind: "unopenable", served: 3 });
  });

  it("refuses a proof of absence made for another account while the log holds a copy", async () => {
    const { server, api } = await laptop();
    server.logStored();
    const fresh = await phone(api);
    const other = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";
    server.serve = () => ({ counter: 0, sealed: null });
    server.serveProof = () => server.log.seenHeadsProof(other);
    await expect(startFromAccountSeenHeads(api, fresh)).rejects.toMatchObject({
      name: "KeyTransparencyFailed",
      reason: "vrf",
    });
    expect(fresh.seenStates?.all()).toEqual([]);
  });
});
