// The signed group state over /v1 (issue 33, docs/client-crypto.md "The signed group
// state"): the owner's key handouts stored beside wraps and served in each member's note
// state, and the note's membership chain, appended one epoch at a time and readable by
// members only (a removed member: up to the entry that removed them). The server stores both opaque and checks only that they name the caller;
// the SDK's hostile-server suite checks what clients do with them.
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { b64, type SignedUp } from "./support/accounts";
import { Client, expectProblem, pointersOf } from "./support/api";
import { blob } from "./support/notes";
import { introduce, roster, type Sharer, sharer } from "./support/sharing";

const idBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");
/** A signature block naming `who` (the server checks nothing else). */
const block = (who: SignedUp) => b64(Buffer.concat([idBytes(who.accountId), randomBytes(64)]));
/** Chain entry bytes ending in a block that names `who`: the server reads nothing else. */
const entry = (who: SignedUp, members = 1) =>
  b64(Buffer.concat([randomBytes(85 + 49 * members), idBytes(who.accountId), randomBytes(64)]));

async function signedNote(owner: Sharer) {
  const id = randomUUID();
  const body = {
    id,
    metadata: blob(64),
    snapshot: blob(256),
    wrappedCek: blob(80),
    wrappedCekSignature: block(owner),
    rosterEntry: entry(owner),
  };
  const res = await owner.client.call("POST", "/v1/notes", { token: owner.token, body });
  expect(res.status, res.text).toBe(201);
  return body;
}

function chain(user: SignedUp, noteId: string, after?: number) {
  return user.client.call<{ entries: { epoch: number; entry: string }[]; nextPageToken: string }>(
    "GET",
    `/v1/notes/${noteId}/roster-chain${after === undefined ? "" : `?after=${after}`}`,
    { token: user.token },
  );
}

async function putSigned(owner: Sharer, noteId: string, body: Record<string, unknown>) {
  const current = await roster(owner, noteId);
  return owner.client.call("PUT", `/v1/notes/${noteId}/members`, {
    token: owner.token,
    headers: { "If-Match": current.headers.get("etag") ?? "" },
    body,
  });
}

describe("signed key handouts and the roster chain", () => {
  it("stores epoch 0 at creation and serves the owner's handout with the note", async () => {
    const owner = await sharer();
    const note = await signedNote(owner);
    const read = await owner.client.call("GET", `/v1/notes/${note.id}`, { token: owner.token });
    expect(read.body).toMatchObject({
      wrappedCek: note.wrappedCek,
      wrappedCekSignature: note.wrappedCekSignature,
      wrappedCekEpoch: 0,
    });
    const listed = await chain(owner, note.id);
    expect(listed.status).toBe(200);
    // (Once an epoch logs the chain, the answer carries its proof too: key-transparency-rosters.test.ts.)
    expect(listed.body.entries).toEqual([{ epoch: 0, entry: note.rosterEntry }]);
    expect(listed.body.nextPageToken).toBe("");
  });

  it("appends the next epoch with a roster change, and each member gets their handout", async () => {
    const owner = await sharer();
    const bob = await sharer();
    await introduce(owner, bob);
    const note = await signedNote(owner);
    const bobWrap = { wrappedCek: blob(80), wrapSignature: block(owner) };
    const next = entry(owner, 2);
    const put = await putSigned(owner, note.id, {
      members: [{ userId: bob.accountId, role: "editor", ...bobWrap }],
      roster: { epoch: 1, entry: next },
    });
    expect(put.status, put.text).toBe(200);
    const bobRead = await bob.client.call("GET", `/v1/notes/${note.id}`, { token: bob.token });
    expect(bobRead.body).toMatchObject({
      wrappedCek: bobWrap.wrappedCek,
      wrappedCekSignature: bobWrap.wrapSignature,
      wrappedCekEpoch: 1,
    });
    const changes = await bob.client.call<{ changes: Record<string, unknown>[] }>(
      "GET",
      "/v1/changes",
      { token: bob.token },
    );
    expect(changes.body.changes.find((c) => c.id === note.id)).toMatchObject({
      wrappedCekSignature: bobWrap.wrapSignature,
      wrappedCekEpoch: 1,
    });
    // The owner's own handout is untouched by a change that does not rotate.
    const ownerRead = await owner.client.call("GET", `/v1/notes/${note.id}`, {
      token: owner.token,
    });
    expect(ownerRead.body).toMatchObject({ wrappedCekEpoch: 0 });
    expect((await chain(bob, note.id)).body.entries.map((e) => e.epoch)).toEqual([0, 1]);
    expect((await chain(bob, note.id, 0)).body.entries).toEqual([{ epoch: 1, entry: next }]);
  });

  it("refuses an epoch that is not the chain's next, and keeps the roster as it was", async () => {
    const owner = await sharer();
    const bob = await sharer();
    await introduce(owner, bob);
    const note = await signedNote(owner);
    for (const epoch of [0, 2]) {
      const res = await putSigned(owner, note.id, {
        members: [{ userId: bob.accountId, role: "viewer", wrappedCek: blob(80) }],
        roster: { epoch, entry: entry(owner, 2) },
      });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toEqual(["/roster/epoch"]);
    }
    expect((await roster(owner, note.id)).body.members).toHaveLength(1);
  });

  it("refuses handouts and entries that name someone else, and handouts without an entry", async () => {
    const owner = await sharer();
    const bob = await sharer();
    await introduce(owner, bob);
    const { id } = await signedNote(owner);
    const forged = await putSigned(owner, id, {
      members: [
        { userId: bob.accountId, role: "viewer", wrappedCek: blob(80), wrapSignature: block(bob) },
      ],
      ownerWrappedCek: blob(80),
      ownerWrapSignature: block(bob),
      roster: { epoch: 1, entry: entry(bob, 2) },
    });
    expectProblem(forged, 400, "invalid-request");
    expect(pointersOf(forged)).toEqual([
      "/members/0/wrapSignature",
      "/ownerWrapSignature",
      "/roster/entry",
    ]);
    const alone = await putSigned(owner, id, {
      members: [
        {
          userId: bob.accountId,
          role: "viewer",
          wrappedCek: blob(80),
          wrapSignature: block(owner),
        },
      ],
    });
    expectProblem(alone, 400, "invalid-request");
    expect(pointersOf(alone)).toEqual(["/roster"]);
    const create = (extra: Record<string, string>) =>
      owner.client.call("POST", "/v1/notes", {
        token: owner.token,
        body: {
          id: randomUUID(),
          metadata: blob(64),
          snapshot: blob(64),
          wrappedCek: blob(80),
          ...extra,
        },
      });
    const named = await create({ wrappedCekSignature: block(bob), rosterEntry: entry(bob) });
    expectProblem(named, 400, "invalid-request");
    expect(pointersOf(named)).toEqual(["/rosterEntry", "/wrappedCekSignature"]);
    const short = await create({ rosterEntry: b64(randomBytes(40)) });
    expectProblem(short, 400, "invalid-request");
    expect(pointersOf(short)).toEqual(["/rosterEntry"]);
  });

  it("shows the chain to members only: a stranger and someone never on the note get 404, no token 401", async () => {
    const owner = await sharer();
    const bob = await sharer();
    const stranger = await sharer();
    await introduce(owner, bob);
    const note = await signedNote(owner);
    expectProblem(await chain(stranger, note.id), 404, "note-not-found");
    expectProblem(await chain(bob, note.id), 404, "note-not-found");
    const anonymous = await new Client().call("GET", `/v1/notes/${note.id}/roster-chain`);
    expectProblem(anonymous, 401, "no-session");
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    expectProblem(await chain(owner, randomUUID()), 404, "note-not-found");
  });

  it("shows a removed member the chain up to the entry that removed them, nothing after, and nothing once deleted", async () => {
    const owner = await sharer();
    const bob = await sharer();
    const carol = await sharer();
    await introduce(owner, bob);
    await introduce(owner, carol);
    const note = await signedNote(owner);
    const wrap = () => ({ wrappedCek: blob(80), wrapSignature: block(owner) });
    const withBob = entry(owner, 2);
    expect(
      (
        await putSigned(owner, note.id, {
          members: [{ userId: bob.accountId, role: "editor", ...wrap() }],
          roster: { epoch: 1, entry: withBob },
        })
      ).status,
    ).toBe(200);
    const withoutBob = entry(owner, 1);
    expect(
      (await putSigned(owner, note.id, { members: [], roster: { epoch: 2, entry: withoutBob } }))
        .status,
    ).toBe(200);
    const withCarol = entry(owner, 2);
    expect(
      (
        await putSigned(owner, note.id, {
          members: [{ userId: carol.accountId, role: "viewer", ...wrap() }],
          roster: { epoch: 3, entry: withCarol },
        })
      ).status,
    ).toBe(200);

    const read = await chain(bob, note.id);
    expect(read.status).toBe(200);
    expect(read.body.entries.map((e) => e.epoch)).toEqual([0, 1, 2]);
    expect(read.body.entries[2]?.entry).toBe(withoutBob);
    expect((await chain(bob, note.id, 1)).body.entries.map((e) => e.epoch)).toEqual([2]);
    expect((await chain(carol, note.id)).body.entries.map((e) => e.epoch)).toEqual([0, 1, 2, 3]);

    const deleted = await owner.client.call("DELETE", `/v1/notes/${note.id}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(204);
    expectProblem(await chain(bob, note.id), 404, "note-not-found");
    expectProblem(await chain(carol, note.id), 404, "note-not-found");
  });

  it("keeps notes without a chain working: no handout fields, an empty chain", async () => {
    const owner = await sharer();
    const id = randomUUID();
    const res = await owner.client.call("POST", "/v1/notes", {
      token: owner.token,
      body: { id, metadata: blob(64), snapshot: blob(64), wrappedCek: blob(80) },
    });
    expect(res.status).toBe(201);
    const read = await owner.client.call("GET", `/v1/notes/${id}`, { token: owner.token });
    expect(read.body).not.toHaveProperty("wrappedCekSignature");
    expect(read.body).not.toHaveProperty("wrappedCekEpoch");
    expect((await chain(owner, id)).body.entries).toEqual([]);
  });
});
