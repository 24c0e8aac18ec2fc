// Issue 33, item 7: the server switches checks off with `memberCount`. Signature checks
// and the "unchecked" line run only for shared notes, and whether a note was shared was
// the server's `memberCount`: answering 1 made a member's device apply unsigned or forged
// content without a word. Now the count can only turn checks on: a note where this
// account is not the owner is shared whatever the count says, and a note once seen shared
// stays shared on this device (docs/client-crypto.md, "The signed group state").
import { loadSodium, openEnvelope, sealEnvelope } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  groupStateServer,
  noteUnder,
  type Owner,
  owner,
} from "../../test/support/hostile-server/group-state-server";
import { fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { ContentKeyring } from "../keys/content-keyring";
import { appendParagraph, readText } from "../notes/text";
import { SyncEngine } from "../sync/sync-engine";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";

let sodium: Awaited<ReturnType<typeof loadSodium>>;
let alice: Owner;
const K = new Uint8Array(32).fill(0x30);

beforeAll(async () => {
  sodium = await loadSodium();
  alice = owner(sodium, "00000000-0000-4000-8000-0000000000a0", 0x40);
});

/** `state` with one more line, appended unsigned (as the server would place it). */
function withUnsignedLine(state: NoteState, line: string): NoteState {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, openEnvelope(sodium, K, NOTE_ID, state.snapshot ?? ""));
  const before = Y.encodeStateVector(doc);
  appendParagraph(doc, line);
  const update = sealEnvelope(sodium, K, NOTE_ID, Y.encodeStateAsUpdate(doc, before));
  return { ...state, updates: [update], version: 1, seq: state.seq + 1 };
}

function syncing(device: Session, first: NoteState) {
  const server = groupStateServer(first, alice, device);
  const engine = new SyncEngine(
    createApiClient({ baseUrl: "http://x", fetch: server.fetch }),
    device,
  );
  return { server, engine };
}

describe("issue 33, item 7: memberCount cannot switch checks off", () => {
  it("a member's device checks content of a note served with memberCount 1", async () => {
    const bob: Session = {
      ...(await fixedSession()),
      account: { id: "00000000-0000-4000-8000-0000000000b0" } as Session["account"],
      keyring: new ContentKeyring(),
    };
    const state = noteUnder(sodium, bob, alice, alice, { cek: K, epoch: 1, text: "hello" });
    const { engine } = syncing(bob, withUnsignedLine({ ...state, memberCount: 1 }, "placed"));
    await engine.syncOnce();
    const note = engine.note(NOTE_ID);
    expect(readText(note?.doc ?? fail())).toBe("hello\nplaced");
    expect(note?.authorship?.unchecked).toBe(true);
    expect(note?.authorship?.signers.get(alice.userId)).toBe("signed");
  });

  it("the owner's note, once seen shared, stays checked when the count drops to 1", async () => {
    const me: Session = { ...(await fixedSession()), keyring: new ContentKeyring() };
    const signer = signerOf(me);
    const shared = noteUnder(sodium, me, signer, signer, {
      cek: K,
      epoch: 1,
      text: "ours",
      role: "owner",
    });
    const { server, engine } = syncing(me, shared);
    await engine.syncOnce();
    server.state = withUnsignedLine({ ...shared, memberCount: 1 }, "placed");
    await engine.syncOnce();
    expect(engine.note(NOTE_ID)?.authorship?.unchecked).toBe(true);
  });
});

function fail(): never {
  throw new Error("note not held");
}
