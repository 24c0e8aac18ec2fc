// Issue 33, item 3: one forged tombstone erased what a device knew of a note. A
// tombstone made the device forget the note's seen state, so an older state the same
// device refused before was accepted after it; and it removed the note's content for
// good, whoever sent it. Now the seen state outlives a tombstone, and a device removes
// a note only when the owner signed its deletion (docs/client-crypto.md, "Signed
// deletion"); any other tombstone (unsigned, signed by someone else, for another note
// or another version) leaves the content on the device, set aside and reported.
import { fromBase64, loadSodium, type Sodium, toBase64 } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { noteHistoryServer } from "../../test/support/hostile-server/note-history-server";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { RollbackDetected } from "../errors";
import { readText } from "../notes/text";
import { SyncEngine } from "../sync/sync-engine";
import { signDeletion } from "../trust/deletion-signature";
import { rememberNoteOwner } from "../trust/note-owners";
import { keyPinsOf } from "../trust/pin-check";
import { MemorySeenStates } from "../trust/seen-states";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

const MALLORY = "00000000-0000-4000-8000-0000000000cc";
const OWNER = "00000000-0000-4000-8000-0000000000d0";

/** A device that synced the note at version 3 (Bob wrote three lines after the first). */
async function deviceAtVersion3(role: NoteState["role"] = "owner") {
  const session: Session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
  const server = noteHistoryServer(sodium, FIXED_CEK, session.keyPair.publicKey);
  for (const line of ["two", "three", "four"]) server.write(line);
  const honest = server.state;
  if (role !== "owner") server.serve = () => ({ ...honest(), role });
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const engine = new SyncEngine(api, session);
  expect((await engine.syncOnce()).refused).toEqual([]);
  server.serve = undefined;
  const text = readText(engine.note(NOTE_ID)?.doc ?? fail());
  expect(text).toBe("first line\ntwo\nthree\nfour");
  return { session, server, engine, text };
}

/** The note's tombstone at `version`, as the real server writes it, with `deletionSignature`. */
function tombstone(version: number, deletionSignature?: string): NoteState {
  return {
    id: NOTE_ID,
    deleted: true,
    memberCount: 0,
    role: "revoked",
    seq: 50,
    snapshotVersion: 0,
    updatedAt: new Date(50_000).toISOString(),
    updates: [],
    version,
    ...(deletionSignature && { deletionSignature }),
  };
}

/** `block` with the byte at `index` changed. */
function flipped(block: string, index: number): string {
  const bytes = fromBase64(block);
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  return toBase64(bytes);
}

function fail(): never {
  throw new Error("note not held");
}

describe("a hostile server forging a tombstone (issue 33, item 3)", () => {
  it("a tombstone no longer makes the device forget what it saw: the older state stays refused after it", async () => {
    const { server, engine } = await deviceAtVersion3();
    const older = server.history[1] as NoteState; // version 1
    server.serve = () => older;
    expect((await engine.syncOnce()).refused).toEqual([expect.any(RollbackDetected)]);

    server.serve = () => tombstone(3);
    await engine.syncOnce();
    server.serve = () => older;
    const after = await engine.syncOnce();

    expect(after.refused).toEqual([expect.any(RollbackDetected)]);
    expect(after.refused[0]).toMatchObject({ kind: "older-version", seen: { version: 3 } });
    expect(after.changed).toEqual([]);
  });

  it("an unsigned tombstone keeps the note's content on the device, set aside and reported", async () => {
    const { server, engine, text } = await deviceAtVersion3();
    server.serve = () => tombstone(3);

    const result = await engine.syncOnce();

    expect(result.removed).toEqual([]);
    expect(result.unconfirmed).toHaveLength(1);
    const [removal] = result.unconfirmed;
    expect(removal).toMatchObject({ noteId: NOTE_ID, reason: "unsigned" });
    expect(readText(removal?.note.doc ?? fail())).toBe(text);
    expect(removal?.note.metadata.title).toBe("Plans");
    // Out of the live notes (the server will take no edit of it), but still held here.
    expect(engine.note(NOTE_ID)).toBeUndefined();
    expect(engine.unconfirmedRemovals().map((r) => r.noteId)).toEqual([NOTE_ID]);
  });

  it("a deletion the owner signed removes the note; what the device saw stays, so the note cannot come back live", async () => {
    const { session, server, engine } = await deviceAtVersion3();
    const signature = signDeletion(sodium, signerOf(session), NOTE_ID, 3);
    server.serve = () => tombstone(3, signature);

    const deleted = await engine.syncOnce();
    expect(deleted).toMatchObject({ removed: [NOTE_ID], unconfirmed: [], refused: [] });
    expect(session.seenStates?.get(NOTE_ID)).toMatchObject({
      version: 3,
      left: { confirmed: true },
    });

    // A deleted note is gone for good: a live state of it afterwards is a replay.
    const live = server.history[3] as NoteState;
    server.serve = () => live;
    const replayed = await engine.syncOnce();
    expect(replayed.refused).toEqual([expect.any(RollbackDetected)]);
    expect(replayed.refused[0]).toMatchObject({ kind: "after-deletion" });
    expect(engine.note(NOTE_ID)).toBeUndefined();
  });

  it("a signature by someone else, over another note or over an older version than the device saw does not confirm", async () => {
    const mallory = {
      userId: MALLORY,
      secretKey: sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(0xcc)).privateKey,
    };
    const OTHER_NOTE = "00000000-0000-4000-8000-00000000f00d";
    const cases: [string, (session: Session) => NoteState, string][] = [
      ["not-the-owner", () => tombstone(3, signDeletion(sodium, mallory, NOTE_ID, 3)), "Mallory"],
      [
        "invalid-signature",
        (s) => tombstone(3, signDeletion(sodium, signerOf(s), OTHER_NOTE, 3)),
        "another note",
      ],
      [
        "invalid-signature",
        (s) => tombstone(3, flipped(signDeletion(sodium, signerOf(s), NOTE_ID, 3), 40)),
        "a signature byte changed",
      ],
      ["invalid-signature", () => tombstone(3, toBase64(new Uint8Array(12))), "not 80 bytes"],
      // Signed when the owner had seen version 2: this device saw 3, so the owner
      // deleted a note older than this one (or the server kept the signature for later).
      ["older-than-seen", (s) => tombstone(2, signDeletion(sodium, signerOf(s), NOTE_ID, 2)), "v2"],
    ];
    for (const [reason, forge, label] of cases) {
      const { session, server, engine, text } = await deviceAtVersion3();
      server.serve = () => forge(session);
      const result = await engine.syncOnce();
      expect({ label, removed: result.removed }).toEqual({ label, removed: [] });
      expect({ label, reason: result.unconfirmed[0]?.reason }).toEqual({ label, reason });
      expect(readText(result.unconfirmed[0]?.note.doc ?? fail())).toBe(text);
    }
  });

  it("in a note shared with this account, the owner's signature confirms once this device knows who the owner is", async () => {
    const owner = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(0xd0));
    const signature = signDeletion(
      sodium,
      { userId: OWNER, secretKey: owner.privateKey },
      NOTE_ID,
      3,
    );
    const pin = (session: Session) =>
      keyPinsOf(session).set({
        userId: OWNER,
        publicKey: new Uint8Array(32).fill(0xd1),
        signingPublicKey: owner.publicKey,
        verified: false,
      });

    // The owner's key is pinned, but nothing here says OWNER owns the note: not confirmed.
    const unknown = await deviceAtVersion3("editor");
    pin(unknown.session);
    unknown.server.serve = () => tombstone(3, signature);
    expect((await unknown.engine.syncOnce()).unconfirmed[0]?.reason).toBe("unknown-owner");

    const known = await deviceAtVersion3("editor");
    pin(known.session);
    rememberNoteOwner(known.session, NOTE_ID, OWNER);
    known.server.serve = () => tombstone(3, signature);
    expect(await known.engine.syncOnce()).toMatchObject({ removed: [NOTE_ID], unconfirmed: [] });
  });

  it("a note set aside comes back when the server serves it live again (shared again), and its seen state never shrank", async () => {
    const { session, server, engine } = await deviceAtVersion3("editor");
    server.serve = () => tombstone(3);
    expect((await engine.syncOnce()).unconfirmed).toHaveLength(1);

    server.write("five");
    server.serve = () => ({ ...server.state(), role: "editor" });
    const back = await engine.syncOnce();

    expect(back.changed).toEqual([NOTE_ID]);
    expect(engine.unconfirmedRemovals()).toEqual([]);
    expect(readText(engine.note(NOTE_ID)?.doc ?? fail())).toContain("five");
    expect(session.seenStates?.get(NOTE_ID)).toMatchObject({ version: 4 });
    expect(session.seenStates?.get(NOTE_ID)?.left).toBeUndefined();
  });
});
