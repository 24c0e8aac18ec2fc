// Adding a member seals the current key to them and re-seals it for everyone already
// on the roster (found by handle), keeping addedBy; a legacy note under the master
// key gets its own key first, so the master key is never sealed to anyone.
import { loadSodium, openSealedCek, toBase64 } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { json } from "../../test/support/test-fetch";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { fakeServer, noChain, noteStateFor } from "../../test/support/test-server";
import { createApiClient } from "../api/client";
import { openState } from "../notes/open-state";
import { addMember } from "./add-member";

const OWNER = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const C = "00000000-0000-4000-8000-00000000000c";
const NOTE_PATH = `/v1/notes/${NOTE_ID}`;

interface PutBody {
  members: { userId: string; role: string; wrappedCek: string; addedBy?: string }[];
  ownerWrappedCek?: string;
}

describe("addMember", () => {
  it("seals the current key to the newcomer and re-seals it for existing members", async () => {
    const sodium = await loadSodium();
    const session = await fixedSession();
    const bob = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(5));
    const carol = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(6));
    const state = noteStateFor(sodium, FIXED_CEK, "text", session.keyPair.publicKey);
    const { fetch, seen, keyLog } = fakeServer({
      [`GET ${NOTE_PATH}`]: () => json(state),
      [`GET ${NOTE_PATH}/roster-chain`]: noChain,
      [`GET ${NOTE_PATH}/members`]: () =>
        json(
          {
            members: [
              { userId: OWNER, role: "owner" },
              { userId: C, role: "viewer", name: "carol@example.com", addedBy: OWNER },
            ],
            nextPageToken: "",
          },
          200,
          { ETag: '"r1"' },
        ),
      "POST /v1/users:resolve": () => json({ userId: C, publicKey: toBase64(carol.publicKey) }),
      [`PUT ${NOTE_PATH}/members`]: () =>
        json({ members: [], nextPageToken: "" }, 200, { ETag: '"r2"' }),
    });
    // Bob published his key; the server logged it (issue 34: pinned only once proven).
    keyLog.publish(B, { publicKey: bob.publicKey });
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const note = openState(sodium, session, state);

    const change = await addMember(api, session, note, {
      userId: B,
      publicKey: bob.publicKey,
      role: "editor",
    });

    // A handle-less member is looked up by the address the owner sees.
    expect(seen.find((r) => r.path === "/v1/users:resolve")?.body).toEqual({
      email: "carol@example.com",
    });
    const put = seen.find((r) => r.method === "PUT");
    expect(put?.headers["If-Match"]).toBe('"r1"');
    const body = put?.body as unknown as PutBody;
    expect(body.ownerWrappedCek).toBeUndefined();
    expect(body.members.map((m) => [m.userId, m.role, m.addedBy])).toEqual([
      [C, "viewer", OWNER],
      [B, "editor", undefined],
    ]);
    expect(openSealedCek(sodium, body.members[0]?.wrappedCek ?? "", carol)).toEqual(FIXED_CEK);
    expect(openSealedCek(sodium, body.members[1]?.wrappedCek ?? "", bob)).toEqual(FIXED_CEK);
    expect(change).toMatchObject({ rotated: false, etag: '"r2"' });
  });

  it("gives a legacy note its own key instead of sealing the master key", async () => {
    const sodium = await loadSodium();
    const session = await fixedSession();
    const bob = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(5));
    let state = noteStateFor(sodium, session.masterKey, "legacy", undefined);
    const { fetch, seen, keyLog } = fakeServer({
      [`GET ${NOTE_PATH}`]: () => json(state),
      [`GET ${NOTE_PATH}/roster-chain`]: noChain,
      [`GET ${NOTE_PATH}/members`]: () =>
        json({ members: [{ userId: OWNER, role: "owner" }], nextPageToken: "" }, 200, {
          ETag: '"r1"',
        }),
      [`PUT ${NOTE_PATH}/members`]: (request) => {
        state = { ...state, wrappedCek: (request.body as unknown as PutBody).ownerWrappedCek };
        return json({ members: [], nextPageToken: "" }, 200, { ETag: '"r2"' });
      },
      [`POST ${NOTE_PATH}:compact`]: () => json({ id: NOTE_ID, seq: 2, version: 0 }),
      // The rotation re-wraps the note's file keys (issue 36): this note has none.
      [`GET ${NOTE_PATH}/attachments`]: () => json({ attachments: [], nextPageToken: "" }),
    });
    // Bob published his key; the server logged it (issue 34: pinned only once proven).
    keyLog.publish(B, { publicKey: bob.publicKey });
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const note = openState(sodium, session, state);
    const change = await addMember(api, session, note, {
      userId: B,
      publicKey: bob.publicKey,
      role: "viewer",
    });
    const body = seen.find((r) => r.method === "PUT")?.body as unknown as PutBody;
    const shared = openSealedCek(sodium, body.members[0]?.wrappedCek ?? "", bob);
    expect(shared).not.toEqual(session.masterKey);
    expect(openSealedCek(sodium, body.ownerWrappedCek ?? "", session.keyPair)).toEqual(shared);
    expect(change.rotated).toBe(true);
    expect(note.cek).toEqual(shared);
    expect(seen.at(-2)?.path).toBe(`${NOTE_PATH}:compact`);
    expect(seen.at(-1)?.path).toBe(`${NOTE_PATH}/attachments`);
  });
});
