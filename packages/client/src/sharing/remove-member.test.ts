// Removing a member rotates the content key: one roster PUT (If-Match, retried on 412)
// seals a fresh key to the remaining member and the owner, then the note is compacted
// under it. Runs against an in-memory stand-in for the server.
import {
  loadSodium,
  openEnvelope,
  openMetadata,
  openSealedCek,
  sealCek,
  sealEnvelope,
  sealMetadata,
  toBase64,
} from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { json } from "../../test/support/test-fetch";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { fakeServer, noChain, problem } from "../../test/support/test-server";
import { createApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { ContentKeyring } from "../keys/content-keyring";
import { openState } from "../notes/open-state";
import { readText, writeText } from "../notes/text";
import { removeMember } from "./remove-member";

const OWNER = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const C = "00000000-0000-4000-8000-00000000000c";
const NOTE_PATH = `/v1/notes/${NOTE_ID}`;

describe("removeMember", () => {
  it("rotates: new key sealed to the rest and the owner, note compacted under it", async () => {
    const sodium = await loadSodium();
    const session = await fixedSession();
    session.keyring = new ContentKeyring();
    const carol = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(6));
    const doc = new Y.Doc();
    writeText(doc, "shared text");
    let state: NoteState = {
      id: NOTE_ID,
      deleted: false,
      memberCount: 3,
      role: "owner",
      seq: 1,
      snapshot: sealEnvelope(sodium, FIXED_CEK, NOTE_ID, Y.encodeStateAsUpdate(doc)),
      snapshotVersion: 0,
      updatedAt: new Date(0).toISOString(),
      updates: [],
      version: 0,
      metadata: sealMetadata(sodium, FIXED_CEK, NOTE_ID, { title: "T", tags: ["x"] }),
      wrappedCek: sealCek(sodium, FIXED_CEK, session.keyPair.publicKey),
    };
    const roster = [
      { userId: OWNER, role: "owner", handle: "alice" },
      { userId: B, role: "editor", handle: "bob", addedBy: OWNER },
      { userId: C, role: "viewer", handle: "carol", addedBy: OWNER },
    ];
    let puts = 0;
    const { fetch, seen } = fakeServer({
      [`GET ${NOTE_PATH}`]: () => json(state),
      [`GET ${NOTE_PATH}/roster-chain`]: noChain,
      [`GET ${NOTE_PATH}/members`]: () =>
        json({ members: roster, nextPageToken: "" }, 200, { ETag: `"e${puts}"` }),
      "POST /v1/users:resolve": () =>
        json({ userId: C, handle: "carol", publicKey: toBase64(carol.publicKey) }),
      [`PUT ${NOTE_PATH}/members`]: (request) => {
        puts += 1;
        // The first attempt loses a race with another roster change.
        if (puts === 1) return problem("precondition-failed", 412);
        const body = request.body as { ownerWrappedCek: string };
        state = { ...state, wrappedCek: body.ownerWrappedCek };
        return json({ members: [roster[0], roster[2]], nextPageToken: "" }, 200, { ETag: '"e9"' });
      },
      [`POST ${NOTE_PATH}:compact`]: () => json({ id: NOTE_ID, seq: 5, version: 0 }),
      // The rotation re-wraps the note's file keys (issue 36): this note has none.
      [`GET ${NOTE_PATH}/attachments`]: () => json({ attachments: [], nextPageToken: "" }),
    });
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const note = openState(sodium, session, state);

    const change = await removeMember(api, session, note, B);

    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${NOTE_PATH}`,
      `GET ${NOTE_PATH}/members`,
      `GET ${NOTE_PATH}/roster-chain`,
      "POST /v1/users:resolve",
      `PUT ${NOTE_PATH}/members`,
      `GET ${NOTE_PATH}/members`,
      `GET ${NOTE_PATH}/roster-chain`,
      `PUT ${NOTE_PATH}/members`,
      `GET ${NOTE_PATH}`,
      `POST ${NOTE_PATH}:compact`,
      `GET ${NOTE_PATH}/attachments`,
    ]);
    const [firstPut, secondPut] = seen.filter((r) => r.method === "PUT");
    expect(firstPut?.headers["If-Match"]).toBe('"e0"');
    expect(secondPut?.headers["If-Match"]).toBe('"e1"');
    const body = secondPut?.body as {
      members: { userId: string; role: string; wrappedCek: string; addedBy?: string }[];
      ownerWrappedCek: string;
    };
    expect(body.members.map((m) => [m.userId, m.role, m.addedBy])).toEqual([[C, "viewer", OWNER]]);
    const carolKey = openSealedCek(sodium, body.members[0]?.wrappedCek ?? "", carol);
    const ownerKey = openSealedCek(sodium, body.ownerWrappedCek, session.keyPair);
    expect(carolKey).toEqual(ownerKey);
    expect(carolKey).not.toEqual(FIXED_CEK);

    const compact = seen.at(-2)?.body as {
      snapshot: string;
      metadata: string;
      coversVersion: number;
    };
    expect(compact.coversVersion).toBe(0);
    const replica = new Y.Doc();
    Y.applyUpdate(replica, openEnvelope(sodium, carolKey, NOTE_ID, compact.snapshot));
    expect(readText(replica)).toBe("shared text");
    expect(openMetadata(sodium, carolKey, NOTE_ID, compact.metadata).title).toBe("T");
    expect(() => openEnvelope(sodium, FIXED_CEK, NOTE_ID, compact.snapshot)).toThrow();

    expect(change).toMatchObject({ rotated: true, etag: '"e9"' });
    expect(note.cek).toEqual(carolKey);
    expect(note.formerCeks).toEqual([FIXED_CEK]);
    expect(note.resealDue).toBe(false);
    expect(session.keyring.keys(NOTE_ID)).toEqual([carolKey, FIXED_CEK]);
  });

  it("changes nothing for someone no longer on the roster", async () => {
    const sodium = await loadSodium();
    const session = await fixedSession();
    const doc = new Y.Doc();
    const state: NoteState = {
      id: NOTE_ID,
      deleted: false,
      memberCount: 1,
      role: "owner",
      seq: 1,
      snapshot: sealEnvelope(sodium, FIXED_CEK, NOTE_ID, Y.encodeStateAsUpdate(doc)),
      snapshotVersion: 0,
      updatedAt: new Date(0).toISOString(),
      updates: [],
      version: 0,
      metadata: sealMetadata(sodium, FIXED_CEK, NOTE_ID, { title: "T", tags: [] }),
      wrappedCek: sealCek(sodium, FIXED_CEK, session.keyPair.publicKey),
    };
    const { fetch, seen } = fakeServer({
      [`GET ${NOTE_PATH}`]: () => json(state),
      [`GET ${NOTE_PATH}/roster-chain`]: noChain,
      [`GET ${NOTE_PATH}/members`]: () =>
        json({ members: [{ userId: OWNER, role: "owner" }], nextPageToken: "" }, 200, {
          ETag: '"e"',
        }),
    });
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const note = openState(sodium, session, state);
    const change = await removeMember(api, session, note, B);
    expect(change.rotated).toBe(false);
    expect(seen.some((r) => r.method === "PUT")).toBe(false);
    expect(note.cek).toEqual(FIXED_CEK);
  });
});
