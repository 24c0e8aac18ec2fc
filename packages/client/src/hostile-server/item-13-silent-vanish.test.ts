// Issue 33, item 13: notes made to vanish in silence. A note whose answer did not
// check out (a title swapped for another note's, a key that no longer opens, a state
// missing its snapshot) was left out without a word, or stopped the whole sync, and a
// note this device held could be half-applied (its updates taken, then the title
// failing). Now every note a sync could not open is reported with why
// (SyncResult.notOpened), the others open, and a note this device held stays exactly
// as held: nothing of a state that does not open is applied.
import {
  loadSodium,
  type NoteMetadata,
  type Sodium,
  sealCek,
  sealEnvelope,
  sealMetadata,
} from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { json } from "../../test/support/test-fetch";
import { fixedSession } from "../../test/support/test-keys";
import { fakeServer, problem } from "../../test/support/test-server";
import { createApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { appendParagraph, readText, writeText } from "../notes/text";
import { SyncEngine } from "../sync/sync-engine";
import { MemorySeenStates } from "../trust/seen-states";
import type { Session } from "../vault/session";

let sodium: Sodium;
let session: Session;
beforeAll(async () => {
  sodium = await loadSodium();
  session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
});

const ids = {
  a: "00000000-0000-4000-8000-00000000000a",
  b: "00000000-0000-4000-8000-00000000000b",
  c: "00000000-0000-4000-8000-00000000000c",
  d: "00000000-0000-4000-8000-00000000000d",
  e: "00000000-0000-4000-8000-00000000000e",
};
type Name = keyof typeof ids;
const keyOf = (name: Name) => new Uint8Array(32).fill(name.charCodeAt(0));
const stranger = () => sodium.crypto_box_keypair().publicKey;

/** One owned, unshared note written honestly: its text, then one update per `more` line. */
function honest(name: Name, more: string[] = []): NoteState {
  const id = ids[name];
  const key = keyOf(name);
  const doc = new Y.Doc();
  writeText(doc, `text of ${name}`);
  const snapshot = sealEnvelope(sodium, key, id, Y.encodeStateAsUpdate(doc));
  const updates = more.map((line) => {
    const before = Y.encodeStateVector(doc);
    appendParagraph(doc, line);
    return sealEnvelope(sodium, key, id, Y.encodeStateAsUpdate(doc, before));
  });
  const metadata: NoteMetadata = { title: name.toUpperCase(), tags: [] };
  return {
    id,
    deleted: false,
    memberCount: 1,
    role: "owner",
    seq: 1 + more.length,
    snapshot,
    snapshotVersion: 0,
    updatedAt: new Date(1000).toISOString(),
    updates,
    version: updates.length,
    metadata: sealMetadata(sodium, key, id, metadata),
    wrappedCek: sealCek(sodium, key, session.keyPair.publicKey),
  };
}

/** A server of several notes whose answers the test sets; GET /v1/changes lists them all. */
function notesServer(states: NoteState[]) {
  const served = { states };
  const routes = Object.fromEntries(
    Object.values(ids).map((id) => [
      `GET /v1/notes/${id}`,
      () => {
        const state = served.states.find((s) => s.id === id);
        return state ? json(state) : problem("note-not-found", 404);
      },
    ]),
  );
  const { fetch } = fakeServer({
    ...routes,
    "GET /v1/changes": () =>
      json({ changes: served.states, nextPageToken: "", nextSyncToken: "t1" }),
  });
  return { served, api: createApiClient({ baseUrl: "http://x", fetch }) };
}

function fail(): never {
  throw new Error("note not held");
}

describe("a hostile server making notes vanish in silence (issue 33, item 13)", () => {
  it("a first sync reports every note it could not open, with why, and opens the rest", async () => {
    const a = honest("a");
    const b = { ...honest("b"), metadata: a.metadata }; // another note's title and tags
    const c = { ...honest("c"), wrappedCek: sealCek(sodium, keyOf("c"), stranger()) };
    const { snapshot: _, ...d } = honest("d"); // no snapshot on a full sync
    const e = { ...honest("e"), metadata: "not Base64!" };
    const { api } = notesServer([a, b, c, d, e]);
    const device: Session = { ...session, seenStates: new MemorySeenStates() };
    const engine = new SyncEngine(api, device);

    const result = await engine.syncOnce();

    expect(engine.list().map((n) => n.title)).toEqual(["A"]);
    expect(result.changed).toEqual([ids.a]);
    expect(result.notOpened).toEqual([
      { noteId: ids.b, reason: "metadata", held: false },
      { noteId: ids.c, reason: "key", held: false },
      { noteId: ids.d, reason: "malformed", held: false },
      { noteId: ids.e, reason: "malformed", held: false },
    ]);
    // Nothing the device could not open counts as seen: a later honest answer is judged afresh.
    expect(device.seenStates?.get(ids.b)).toBeUndefined();
  });

  it("a note this device held keeps what it held when a newer state swaps its title: nothing of it is applied", async () => {
    const { served, api } = notesServer([honest("b")]);
    const device: Session = { ...session, seenStates: new MemorySeenStates() };
    const engine = new SyncEngine(api, device);
    await engine.syncOnce();
    expect(engine.note(ids.b)?.metadata.title).toBe("B");

    served.states = [{ ...honest("b", ["second line"]), metadata: honest("a").metadata }];
    const result = await engine.syncOnce();

    expect(result.notOpened).toEqual([{ noteId: ids.b, reason: "metadata", held: true }]);
    expect(result.changed).toEqual([]);
    const note = engine.note(ids.b) ?? fail();
    expect(note.metadata.title).toBe("B");
    expect(note.version).toBe(0);
    expect(readText(note.doc)).toBe("text of b");
    expect(device.seenStates?.get(ids.b)).toMatchObject({ version: 0 });
  });

  it("a note this device held keeps what it held when its key is swapped for one that does not open", async () => {
    const { served, api } = notesServer([honest("c")]);
    const device: Session = { ...session, seenStates: new MemorySeenStates() };
    const engine = new SyncEngine(api, device);
    await engine.syncOnce();

    served.states = [
      { ...honest("c", ["second"]), wrappedCek: sealCek(sodium, keyOf("a"), stranger()) },
    ];
    const result = await engine.syncOnce();

    expect(result.notOpened).toEqual([{ noteId: ids.c, reason: "key", held: true }]);
    expect(engine.list().map((n) => n.title)).toEqual(["C"]);
    expect(readText(engine.note(ids.c)?.doc ?? fail())).toBe("text of c");
  });
});
