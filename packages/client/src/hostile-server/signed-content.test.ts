// Issue 21, attacks 3, 4 and 5 (gaps), against a server that places content of its
// choosing into a shared note. Alice's device is under test; Bob is still on the note;
// Mallory was removed, the note's key rotated, and she kept the old key. Before signed
// content, a device opened anything a held key opened (Mallory's text included), took
// the server's word for who wrote what, and could not tell a left-out update from a
// quiet note.
import { loadSodium, type NoteMetadata, sealEnvelope, sealMetadata, toBase64 } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { handedOut } from "../../test/support/handouts";
import { json } from "../../test/support/test-fetch";
import { fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { fakeServer } from "../../test/support/test-server";
import { createApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { RetiredKeyContent, UpdatesMissing } from "../errors";
import { ContentKeyring } from "../keys/content-keyring";
import { appendParagraph, readText, writeText } from "../notes/text";
import { SyncEngine } from "../sync/sync-engine";
import { signEnvelope, signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";

const sodium = await loadSodium();
const BOB = "00000000-0000-4000-8000-0000000000b0";
const MALLORY = "00000000-0000-4000-8000-0000000000cc";
const OLD = new Uint8Array(32).fill(0x10);
const NEW = new Uint8Array(32).fill(0x20);
const person = (userId: string, seed: number) => ({
  userId,
  sharing: sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(seed)),
  signing: sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(seed)),
});
const bob = person(BOB, 0xb0);
const mallory = person(MALLORY, 0xcc);
const signerFor = (p: ReturnType<typeof person>) => ({
  userId: p.userId,
  secretKey: p.signing.privateKey,
});

let alice: Session;
beforeAll(async () => {
  alice = await fixedSession();
});

/** A writer's Yjs document: starts from `base` and appends lines, one update each. */
function writer(base: Y.Doc) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(base));
  return {
    doc,
    line(text: string): Uint8Array {
      const before = Y.encodeStateVector(doc);
      appendParagraph(doc, text);
      return Y.encodeStateAsUpdate(doc, before);
    },
  };
}

interface Served {
  envelope: string;
  signature?: string;
}

/** Alice's device with Alice holding the note's key (and OLD in her keyring). */
function aliceDevice(state: () => NoteState, roster = [alice.account.id, BOB]) {
  const session: Session = { ...alice, keyring: new ContentKeyring(), keyPins: undefined };
  session.keyring?.remember(NOTE_ID, OLD);
  const members = roster.map((userId) => {
    const p = userId === BOB ? bob : userId === MALLORY ? mallory : undefined;
    return {
      userId,
      role: userId === alice.account.id ? "owner" : "editor",
      ...(p && {
        publicKey: toBase64(p.sharing.publicKey),
        signingPublicKey: toBase64(p.signing.publicKey),
      }),
    };
  });
  const { fetch, seen } = fakeServer({
    "GET /v1/changes": () => json({ changes: [state()], nextPageToken: "", nextSyncToken: "t1" }),
    [`GET /v1/notes/${NOTE_ID}/members`]: () =>
      new Response(JSON.stringify({ members, nextPageToken: "" }), {
        headers: { "content-type": "application/json", etag: '"r1"' },
      }),
  });
  const api = createApiClient({ baseUrl: "http://x", fetch });
  return { session, engine: new SyncEngine(api, session), seen };
}

/** The note after the rotation: the owner's snapshot under NEW, then `updates`. */
function noteState(base: Y.Doc, updates: Served[], metadata?: NoteMetadata): NoteState {
  const snapshot = sealEnvelope(sodium, NEW, NOTE_ID, Y.encodeStateAsUpdate(base));
  const signatures = updates.map((u) => u.signature ?? null);
  return {
    id: NOTE_ID,
    deleted: false,
    memberCount: 2,
    role: "owner",
    seq: 5,
    snapshot,
    snapshotSignature: signEnvelope(sodium, signerOf(alice), "snapshot", NOTE_ID, NEW, snapshot),
    snapshotVersion: 4,
    updatedAt: new Date(5000).toISOString(),
    updates: updates.map((u) => u.envelope),
    ...(signatures.some((s) => s !== null) && { updateSignatures: signatures }),
    version: 4 + updates.length,
    metadata: sealMetadata(sodium, NEW, NOTE_ID, metadata ?? { title: "Plans", tags: [] }),
    // The owner's handout of the new key to herself at the rotation (issue 33).
    ...handedOut(sodium, signerOf(alice), NOTE_ID, 1, NEW, {
      userId: alice.account.id,
      publicKey: alice.keyPair.publicKey,
    }),
  };
}

function sealed(key: Uint8Array, update: Uint8Array, by?: ReturnType<typeof person>): Served {
  const envelope = sealEnvelope(sodium, key, NOTE_ID, update);
  return by
    ? { envelope, signature: signEnvelope(sodium, signerFor(by), "update", NOTE_ID, key, envelope) }
    : { envelope };
}

function baseDoc(): Y.Doc {
  const doc = new Y.Doc();
  writeText(doc, "first line");
  return doc;
}

describe("a hostile server placing content into a shared note", () => {
  it("attack 3: Mallory's text under the retired key is refused, Bob's applies", async () => {
    const base = baseDoc();
    const injected = sealed(OLD, writer(base).line("Mallory was here"), mallory);
    const honest = sealed(NEW, writer(base).line("Bob's line"), bob);
    const { engine } = aliceDevice(() => noteState(base, [injected, honest]));

    const result = await engine.syncOnce();

    const text = readText(engine.note(NOTE_ID)?.doc ?? new Y.Doc());
    expect(text).toContain("Bob's line");
    expect(text).not.toContain("Mallory");
    expect(result.refused).toEqual([expect.any(RetiredKeyContent)]);
    expect(result.refused[0]).toMatchObject({ part: "update", version: 5, signerId: MALLORY });
    // The note is re-sealed under the current key at once, which prunes her update.
    expect(engine.note(NOTE_ID)?.resealDue).toBe(true);
  });

  it("attack 3: unsigned text under the retired key is refused too", async () => {
    const base = baseDoc();
    const injected = sealed(OLD, writer(base).line("no signature at all"));
    const { engine } = aliceDevice(() => noteState(base, [injected]));

    const result = await engine.syncOnce();

    expect(readText(engine.note(NOTE_ID)?.doc ?? new Y.Doc())).toBe("first line");
    expect(result.refused).toEqual([expect.any(RetiredKeyContent)]);
  });

  it("control: Bob's late edit under the retired key, signed by him, is taken and re-sealed", async () => {
    const base = baseDoc();
    const late = sealed(OLD, writer(base).line("typed offline before the rotation"), bob);
    const { engine, seen } = aliceDevice(() => noteState(base, [late]));

    const result = await engine.syncOnce();

    expect(result.refused).toEqual([]);
    expect(readText(engine.note(NOTE_ID)?.doc ?? new Y.Doc())).toContain("typed offline");
    expect(engine.note(NOTE_ID)?.resealDue).toBe(true);
    // The roster was read once, to learn who is still on the note and their keys.
    expect(seen.filter((r) => r.path.endsWith("/members"))).toHaveLength(1);
  });

  it("attack 3: a server that keeps Mallory on the roster gets her text in, signed as hers", async () => {
    const base = baseDoc();
    const injected = sealed(OLD, writer(base).line("Mallory again"), mallory);
    const { engine } = aliceDevice(
      () => noteState(base, [injected]),
      [alice.account.id, BOB, MALLORY],
    );

    await engine.syncOnce();

    // The limit, stated in docs/threat-model.md: the roster is the server's word, so
    // everyone sees Mallory listed, and her text carries her name, not someone else's.
    expect(engine.note(NOTE_ID)?.authorship?.signers.get(MALLORY)).toBe("signed");
  });

  it("attack 4: the signature, not the server, says who wrote an update", async () => {
    const base = baseDoc();
    const bobs = sealed(NEW, writer(base).line("by Bob"), bob);
    // Mallory (had she the current key) signs in Bob's name with her own key.
    const forgedUpdate = writer(base).line("claims to be Bob");
    const forged = sealed(NEW, forgedUpdate);
    forged.signature = signEnvelope(
      sodium,
      { userId: BOB, secretKey: mallory.signing.privateKey },
      "update",
      NOTE_ID,
      NEW,
      forged.envelope,
    );
    const { engine } = aliceDevice(() => noteState(base, [bobs, forged]));

    await engine.syncOnce();

    const authorship = engine.note(NOTE_ID)?.authorship;
    expect(authorship?.signers.get(BOB)).toBe("signed");
    expect(authorship?.signers.get(alice.account.id)).toBe("verified");
    // The forged signature does not verify under Bob's key: said apart from a missing one
    // (issue 33: "a forged signature is worded differently from a missing one").
    expect(authorship?.forged).toBe(true);
  });

  it("attack 5: an update of Bob's left out from the middle is noticed (UpdatesMissing)", async () => {
    const base = baseDoc();
    const b = writer(base);
    const [one, two, three] = ["one", "two", "three"].map((l) => sealed(NEW, b.line(l), bob));
    // Served as if only two updates existed: versions renumbered, counts consistent.
    const { engine } = aliceDevice(() => noteState(base, [one as Served, three as Served]));

    const result = await engine.syncOnce();

    expect(two).toBeDefined();
    expect(result.refused).toEqual([expect.any(UpdatesMissing)]);
    expect(result.refused[0]).toMatchObject({
      missing: [{ client: b.doc.clientID }],
    });
    expect(readText(engine.note(NOTE_ID)?.doc ?? new Y.Doc())).not.toContain("three");
  });
});
