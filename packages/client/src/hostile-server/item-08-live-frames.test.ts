// Issue 33, item 8: live frames. Unsigned (kind-0) frames applied unmarked, so a shared
// note's "Signed by" line showed only the signers of what came through /v1, whatever a
// peer's unsigned frame had written; and a `{"type":"member-removed"}` text from the
// relay (the server's word, sent whenever it likes) made an owner's or editor's device
// append its peers' recent frames as its own update, signed with its own key. Now every
// document frame's signature is recorded where the note's authors are (an unsigned or
// unknown signer's frame is applied and shown as unchecked; a forged one is dropped), and
// nothing the relay says makes a device append, let alone sign, what others wrote.
import {
  deriveSigningKeyPair,
  loadSodium,
  sealLiveFrame,
  sealSignedLiveUpdate,
} from "@notes/crypto";
import { describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { fakeSockets, ticket } from "../../test/support/test-sockets";
import { createApiClient } from "../api/client";
import { LiveRoom } from "../live/live-room";
import { NoteEditor } from "../notes/editor";
import type { OpenNote } from "../notes/open-state";
import { appendParagraph, readText } from "../notes/text";
import { keyPinsOf } from "../trust/pin-check";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";

const PEER = "00000000-0000-4000-8000-0000000000b0";

function sharedNote(role: OpenNote["role"] = "owner"): OpenNote {
  return {
    id: NOTE_ID,
    doc: new Y.Doc(),
    cek: FIXED_CEK,
    version: 0,
    snapshotVersion: 0,
    metadata: { title: "t", tags: [] },
    role,
  };
}

/** This device (the owner) and a peer whose signing key it pinned. */
async function owners() {
  const sodium = await loadSodium();
  const self = await fixedSession();
  const peerSession: Session = {
    ...(await fixedSession()),
    account: { id: PEER } as Session["account"],
    signingKeyPair: await deriveSigningKeyPair(sodium, new Uint8Array(32).fill(4)),
  };
  keyPinsOf(self).set({
    userId: PEER,
    publicKey: peerSession.keyPair.publicKey,
    signingPublicKey: peerSession.signingKeyPair.publicKey,
    verified: false,
  });
  return { sodium, self, peer: signerOf(peerSession) };
}

async function room(note: OpenNote, session: Session, extra: Record<string, unknown> = {}) {
  const { fetch, requests } = fakeFetch([ticket(1), json({ id: NOTE_ID, seq: 2, version: 1 })]);
  const api = createApiClient({ baseUrl: "http://x", fetch });
  const { WebSocket, sockets } = fakeSockets();
  const live = new LiveRoom({ api, note, WebSocket, session, random: () => 0, ...extra });
  await live.connect();
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  sockets[0]?.open();
  return { live, api, requests, socket: sockets[0] };
}

function update(text: string): Uint8Array {
  const doc = new Y.Doc();
  appendParagraph(doc, text);
  return Y.encodeStateAsUpdate(doc);
}

describe("item 8: live frames in a shared note", () => {
  it("applies an unsigned frame but marks the note's authors unchecked", async () => {
    const { sodium, self } = await owners();
    const note = sharedNote();
    const { live, socket } = await room(note, self);

    socket?.receive(sealLiveFrame(sodium, FIXED_CEK, NOTE_ID, 0, update("unsigned text")));

    expect(readText(note.doc)).toBe("unsigned text");
    expect(note.authorship).toEqual({ signers: new Map(), unchecked: true });
    live.close();
  });

  it("names a signed frame's signer, and drops a frame forged in their name", async () => {
    const { sodium, self, peer } = await owners();
    const note = sharedNote();
    const { live, socket } = await room(note, self);

    socket?.receive(sealSignedLiveUpdate(sodium, FIXED_CEK, NOTE_ID, update("signed"), peer));
    const forger = { userId: PEER, secretKey: sodium.crypto_sign_keypair().privateKey };
    socket?.receive(sealSignedLiveUpdate(sodium, FIXED_CEK, NOTE_ID, update("forged"), forger));

    expect(readText(note.doc)).toBe("signed");
    expect(note.authorship).toEqual({ signers: new Map([[PEER, "signed"]]), unchecked: false });
    live.close();
  });

  it("appends nothing of its peers' when the relay says a member was removed", async () => {
    const { sodium, self, peer } = await owners();
    const note = { ...sharedNote("owner"), signer: signerOf(self) };
    const adopted: Uint8Array[] = [];
    const { fetch, requests } = fakeFetch([json({ id: NOTE_ID, seq: 2, version: 1 })]);
    const editor = new NoteEditor(createApiClient({ baseUrl: "http://x", fetch }), note);
    const { live, socket } = await room(note, self, {
      adopt: (u: Uint8Array) => {
        adopted.push(u);
        editor.adopt(u);
      },
    });
    socket?.receive(
      sealSignedLiveUpdate(sodium, FIXED_CEK, NOTE_ID, update("theirs, signed"), peer),
    );
    socket?.receive(sealLiveFrame(sodium, FIXED_CEK, NOTE_ID, 0, update("theirs, unsigned")));

    socket?.receive('{"type":"member-removed"}');
    await editor.flush();

    expect(adopted).toEqual([]);
    expect(requests).toEqual([]);
    expect(readText(note.doc)).toContain("theirs, signed");
    editor.destroy();
    live.close();
  });
});
