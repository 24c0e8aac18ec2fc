// Test support (not exported): an in-memory server for one note that another writer
// (Bob) edits, with an "evil" switch. Honest, GET /v1/notes/{id} and GET /v1/changes
// answer the note as it is: a snapshot and every update above it. With `serve` set,
// they answer whatever it returns instead, as a compromised server would (issue 21,
// attacks 5 and 6): an older state it kept (`history`), a state with updates left out
// or swapped, or a compaction that drops what Bob wrote. What compactions replaced is
// kept for GET /v1/notes/{id}/previous-compaction as the real server keeps it.
import { type Sodium, sealCek, sealEnvelope, sealMetadata } from "@notes/crypto";
import * as Y from "yjs";
import type { NoteState } from "../../../src/api/types";
import { appendParagraph, writeText } from "../../../src/notes/text";
import { json } from "../test-fetch";
import { NOTE_ID } from "../test-keys";
import { fakeServer, problem } from "../test-server";

export function noteHistoryServer(sodium: Sodium, cek: Uint8Array, ownerKey: Uint8Array) {
  const bob = new Y.Doc();
  writeText(bob, "first line");
  const seal = (update: Uint8Array) => sealEnvelope(sodium, cek, NOTE_ID, update);
  let snapshot = seal(Y.encodeStateAsUpdate(bob));
  let snapshotVersion = 0;
  let updates: string[] = [];
  let seq = 1;
  let kept: { snapshot: string; snapshotVersion: number; updates: string[] } | undefined;
  const metadata = sealMetadata(sodium, cek, NOTE_ID, { title: "Plans", tags: [] });
  const wrappedCek = sealCek(sodium, cek, ownerKey);

  function state(): NoteState {
    return {
      id: NOTE_ID,
      deleted: false,
      memberCount: 2,
      role: "owner",
      seq,
      snapshot,
      snapshotVersion,
      updatedAt: new Date(seq * 1000).toISOString(),
      updates: [...updates],
      version: snapshotVersion + updates.length,
      metadata,
      wrappedCek,
    };
  }

  /** Every honest state the server has answered with, oldest first. */
  const history: NoteState[] = [];
  const server = {
    /** When set, answers in place of the honest state. */
    serve: undefined as (() => NoteState) | undefined,
    /** Answers the previous compaction with one kept update left out. */
    dropKeptUpdate: false,
    /** Bob's Yjs client id (whose edits a wiping compaction leaves out). */
    bobClientId: bob.clientID,
    history,
    state,
    /** Bob appends one line (one update). */
    write(line: string): void {
      const before = Y.encodeStateVector(bob);
      appendParagraph(bob, line);
      updates.push(seal(Y.encodeStateAsUpdate(bob, before)));
      seq += 1;
      history.push(state());
    },
    /** An editor compacts: `doc` (Bob's own, honestly) becomes the snapshot at the current version. */
    compact(doc: Y.Doc = bob): void {
      const version = snapshotVersion + updates.length;
      kept = kept
        ? { ...kept, updates: [...kept.updates, ...updates] }
        : { snapshot, snapshotVersion, updates };
      snapshot = seal(Y.encodeStateAsUpdate(doc));
      snapshotVersion = version;
      updates = [];
      seq += 1;
      history.push(state());
    },
    /** The note is deleted: its tombstone from here on. */
    delete(): void {
      seq += 1;
      const { id, snapshotVersion: sv } = state();
      server.serve = () => ({
        id,
        deleted: true,
        memberCount: 0,
        role: "revoked",
        seq,
        snapshotVersion: sv,
        updatedAt: new Date(seq * 1000).toISOString(),
        updates: [],
        version: state().version,
      });
    },
  };
  history.push(state());

  const served = () => (server.serve ?? state)();
  const path = `/v1/notes/${NOTE_ID}`;
  const { fetch, seen } = fakeServer({
    // The device's own appends are taken as an honest server takes them.
    [`POST ${path}/updates`]: (request) => {
      const body = request.body as { updates: string[] };
      updates.push(...body.updates);
      seq += 1;
      history.push(state());
      return json({ id: NOTE_ID, seq, version: snapshotVersion + updates.length });
    },
    [`GET ${path}`]: () => {
      const note = served();
      return note.deleted ? problem("note-not-found", 404) : json(note);
    },
    "GET /v1/changes": () =>
      json({ changes: [served()], nextPageToken: "", nextSyncToken: `t${seq}` }),
    [`GET ${path}/previous-compaction`]: () =>
      kept
        ? json({
            ...kept,
            ...(server.dropKeptUpdate && { updates: kept.updates.slice(1) }),
            version: kept.snapshotVersion + kept.updates.length,
            bytes: 1,
            compactedAt: new Date(seq * 1000).toISOString(),
          })
        : problem("not-found", 404),
  });
  return Object.assign(server, { fetch, seen });
}
