// LiveRoom over a hand-driven socket: local edits leave as sealed kind-0 frames, peers'
// frames apply with LIVE_ORIGIN and are not echoed, viewers send no document frames,
// and the close codes decide between reconnecting, giving up and signing out.
import { loadSodium, openLiveFrame, sealLiveFrame, sealSignedLiveUpdate } from "@notes/crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { fakeSockets, ticket } from "../../test/support/test-sockets";
import { createApiClient } from "../api/client";
import { LIVE_ORIGIN, type OpenNote } from "../notes/open-state";
import { appendParagraph, readText } from "../notes/text";
import { keyPinsOf } from "../trust/pin-check";
import { signerOf } from "../trust/sign-content";
import { LiveRoom } from "./live-room";

const READER = "00000000-0000-4000-8000-0000000000b2";

function openNote(role: OpenNote["role"] = "editor"): OpenNote {
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

async function liveRoom(
  note: OpenNote,
  answers: (Response | Error)[] = [ticket(1)],
  extra: Partial<ConstructorParameters<typeof LiveRoom>[0]> = {},
) {
  const { fetch, requests } = fakeFetch(answers);
  const { WebSocket, sockets } = fakeSockets();
  const room = new LiveRoom({
    api: createApiClient({ baseUrl: "http://x", fetch }),
    note,
    WebSocket,
    random: () => 0,
    ...extra,
  });
  await room.connect();
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  sockets[0]?.open();
  return { room, sockets, requests };
}

const kinds = async (sent: (Uint8Array | string)[]) => {
  const sodium = await loadSodium();
  return sent
    .filter((f): f is Uint8Array => f instanceof Uint8Array)
    .map((f) => openLiveFrame(sodium, FIXED_CEK, NOTE_ID, f).kind);
};

afterEach(() => {
  vi.useRealTimers();
});

describe("LiveRoom frames", () => {
  it("relays an edit between two rooms, applied with LIVE_ORIGIN and not echoed", async () => {
    const a = await liveRoom(openNote());
    const bNote = openNote();
    const b = await liveRoom(bNote);
    expect(a.sockets[0]?.url).toBe("ws://relay/v1/rooms/x?ticket=t1");
    expect(a.room.state).toBe("live");

    appendParagraph(a.room.awareness.doc, "typed on A");
    const frames = a.sockets[0]?.sent.filter((f) => f instanceof Uint8Array) ?? [];
    expect(await kinds(frames)).toEqual([1, 0]);

    const origins: unknown[] = [];
    bNote.doc.on("update", (_: Uint8Array, origin: unknown) => origins.push(origin));
    const sentByB = b.sockets[0]?.sent.length ?? 0;
    for (const frame of frames) b.sockets[0]?.receive(frame as Uint8Array);
    expect(readText(bNote.doc)).toBe("typed on A");
    expect(origins).toEqual([LIVE_ORIGIN]);
    expect(b.sockets[0]?.sent.length).toBe(sentByB);

    a.room.awareness.setLocalStateField("user", { name: "A", color: "#f00" });
    const cursor = a.sockets[0]?.sent.at(-1) as Uint8Array;
    b.sockets[0]?.receive(cursor);
    expect(b.room.awareness.getStates().get(a.room.awareness.clientID)).toEqual({
      user: { name: "A", color: "#f00" },
    });
    a.room.close();
    b.room.close();
  });

  it("never sends document frames as a viewer, but does send awareness", async () => {
    const note = openNote("viewer");
    const { room, sockets } = await liveRoom(note);
    appendParagraph(note.doc, "local only");
    room.awareness.setLocalStateField("user", { name: "V" });
    expect(await kinds(sockets[0]?.sent ?? [])).toEqual([1, 1]);
    room.close();
  });

  it("drops frames under a retired key (attack 3: nothing new under it) and flags them", async () => {
    const sodium = await loadSodium();
    const note = { ...openNote(), cek: new Uint8Array(32).fill(8), formerCeks: [FIXED_CEK] };
    const { room, sockets } = await liveRoom(note);
    const stale = vi.fn();
    room.on("stale-key", stale);
    const peer = new Y.Doc();
    appendParagraph(peer, "written with the removed member's key");
    const update = Y.encodeStateAsUpdate(peer);
    sockets[0]?.receive(sealLiveFrame(sodium, FIXED_CEK, NOTE_ID, 0, update));
    expect(readText(note.doc)).toBe("");
    sockets[0]?.receive(sealLiveFrame(sodium, new Uint8Array(32).fill(9), NOTE_ID, 0, update));
    expect(stale).toHaveBeenCalledTimes(2);
    room.close();
  });

  it("sends signed updates, and drops a peer's whose signature fails under the pinned key", async () => {
    const sodium = await loadSodium();
    const session = await fixedSession();
    const signer = signerOf(session);
    const a = await liveRoom({ ...openNote(), signer });
    appendParagraph(a.room.awareness.doc, "signed on A");
    const frames = (a.sockets[0]?.sent ?? []).filter((f) => f instanceof Uint8Array);
    expect(await kinds(frames)).toEqual([1, 2]);

    // The reader has pinned A's signing key: A's frame applies.
    const reader = await fixedSession();
    reader.account = { ...reader.account, id: READER };
    keyPinsOf(reader).set({
      userId: session.account.id,
      publicKey: session.keyPair.publicKey,
      signingPublicKey: session.signingKeyPair.publicKey,
      verified: false,
    });
    const bNote = openNote();
    const b = await liveRoom(bNote, undefined, { session: reader });
    b.sockets[0]?.receive(frames[1] as Uint8Array);
    expect(readText(bNote.doc)).toBe("signed on A");

    // Another member signs in A's name: the signature fails under A's pinned key.
    const otherKey = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(7)).privateKey;
    const forger = { userId: session.account.id, secretKey: otherKey };
    const peer = new Y.Doc();
    appendParagraph(peer, "forged");
    const forged = sealSignedLiveUpdate(
      sodium,
      FIXED_CEK,
      NOTE_ID,
      Y.encodeStateAsUpdate(peer),
      forger,
    );
    b.sockets[0]?.receive(forged);
    expect(readText(bNote.doc)).toBe("signed on A");
    a.room.close();
    b.room.close();
  });

  it("counts peers from the relay's text frames", async () => {
    const { room, sockets } = await liveRoom(openNote());
    const heard: number[] = [];
    room.on("peers", (n) => heard.push(n));
    sockets[0]?.receive('{"type":"peers","count":2}');
    sockets[0]?.receive("not json");
    expect(room.peers).toBe(2);
    expect(heard).toEqual([2]);
    room.close();
  });
});

describe("LiveRoom after a member's removal", () => {
  it("tells its app when the relay says a member was removed, and appends nothing itself", async () => {
    const { room, sockets, requests } = await liveRoom(openNote("editor"));
    const heard = vi.fn();
    room.on("member-removed", heard);
    const peer = new Y.Doc();
    appendParagraph(peer, "typed as they were removed");
    const frame = sealLiveFrame(
      await loadSodium(),
      FIXED_CEK,
      NOTE_ID,
      0,
      Y.encodeStateAsUpdate(peer),
    );
    sockets[0]?.receive(frame);
    sockets[0]?.receive('{"type":"member-removed"}');
    expect(heard).toHaveBeenCalledTimes(1);
    // The room ticket only: the peer's text is theirs to append (issue 33, item 8).
    expect(requests).toHaveLength(1);
    room.close();
  });
});

describe("LiveRoom close codes", () => {
  it("stops for good on 4403 and reports removed", async () => {
    const { room, sockets, requests } = await liveRoom(openNote());
    const removed = vi.fn();
    room.on("removed", removed);
    sockets[0]?.serverClose(4403);
    expect(room.state).toBe("closed");
    expect(removed).toHaveBeenCalledOnce();
    expect(requests).toHaveLength(1);
  });

  it("reconnects after 1013 with backoff and a fresh ticket", async () => {
    vi.useFakeTimers();
    const { room, sockets, requests } = await liveRoom(openNote(), [ticket(1), ticket(2)]);
    sockets[0]?.serverClose(1013);
    expect(room.state).toBe("offline");
    await vi.advanceTimersByTimeAsync(200);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.url).toContain("ticket=t2");
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      `/v1/notes/${NOTE_ID}/room-tickets`,
      `/v1/notes/${NOTE_ID}/room-tickets`,
    ]);
    room.close();
  });

  it("takes one new ticket at once on 4401 and signs out when that answers 401", async () => {
    const noSession = json(
      { type: "http://x/problems/no-session", title: "No session", status: 401 },
      401,
    );
    const { room, sockets, requests } = await liveRoom(openNote(), [ticket(1), noSession]);
    const signedOut = vi.fn();
    room.on("signed-out", signedOut);
    sockets[0]?.serverClose(4401);
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledOnce());
    expect(requests).toHaveLength(2);
    expect(room.state).toBe("closed");
  });
});
