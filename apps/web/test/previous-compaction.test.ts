// Issue 21, attack 6: one editor cannot wipe a note by compacting it. A compaction
// keeps what it replaced (GET /v1/notes/{id}/previous-compaction, owner only, any
// tier); an editor's compaction adds to what is kept and never pushes it out; the
// kept bytes count against the owner's usage until discarded.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SignedUp } from "./support/accounts";
import { Client, expectNoBody, expectProblem } from "./support/api";
import { append, blob, createNote, usage } from "./support/notes";
import { setMembers, sharer } from "./support/sharing";

interface Kept {
  snapshot: string;
  snapshotVersion: number;
  updates: string[];
  version: number;
  bytes: number;
  compactedAt: string;
  compactedBy?: string;
}

const path = (id: string) => `/v1/notes/${id}/previous-compaction`;
const readKept = (user: SignedUp, id: string) =>
  user.client.call<Kept & Record<string, unknown>>("GET", path(id), { token: user.token });
const compact = (user: SignedUp, id: string, snapshot: string, coversVersion: number) =>
  user.client.call("POST", `/v1/notes/${id}:compact`, {
    token: user.token,
    body: { snapshot, coversVersion },
  });

/** A free owner's note shared with an editor, with three updates above its snapshot. */
async function sharedNote() {
  const owner = await sharer();
  const editor = await sharer();
  const viewer = await sharer();
  const { res, body } = await createNote(owner, { snapshotBytes: 100 });
  expect(res.status, res.text).toBe(201);
  const id = body.id;
  await setMembers(owner, id, [
    { userId: editor.accountId, role: "editor" },
    { userId: viewer.accountId, role: "viewer" },
  ]);
  const updates = [blob(40), blob(40), blob(40)];
  expect((await append(owner, id, { updates })).status).toBe(200);
  return { owner, editor, viewer, id, snapshot: body.snapshot, updates };
}

describe("GET /v1/notes/{id}/previous-compaction", () => {
  it("attack 6: after an editor compacts a free owner's note to nothing, the owner reads back what it replaced", async () => {
    const { owner, editor, id, snapshot, updates } = await sharedNote();
    expectProblem(await readKept(owner, id), 404, "not-found");
    const before = await usage(owner);

    const wiped = blob(16);
    expect((await compact(editor, id, wiped, 3)).status).toBe(200);

    const kept = await readKept(owner, id);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.headers.get("x-request-id")).toBeTruthy();
    expect(kept.body).toMatchObject({
      snapshot,
      snapshotVersion: 0,
      updates,
      version: 3,
      bytes: 100 + 120,
      compactedBy: editor.accountId,
    });
    expect(Date.parse(kept.body.compactedAt)).not.toBeNaN();
    // Counted: the live note shrank by the pruned updates and the old snapshot, the
    // kept generation holds exactly those, and the new snapshot was added.
    expect((await usage(owner)).accountBytes).toBe(before.accountBytes + 16);
  });

  it("attack 6: a second editor compaction adds to what is kept instead of pushing the owner's snapshot out", async () => {
    const { owner, editor, id, snapshot, updates } = await sharedNote();
    expect((await compact(editor, id, blob(16), 3)).status).toBe(200);
    const later = [blob(10), blob(10)];
    await append(editor, id, { updates: later });
    expect((await compact(editor, id, blob(8), 5)).status).toBe(200);

    const kept = await readKept(owner, id);
    expect(kept.body).toMatchObject({
      snapshot,
      snapshotVersion: 0,
      updates: [...updates, ...later],
      version: 5,
      bytes: 100 + 120 + 20,
    });
  });

  it("attack 6: the owner's compaction over their own snapshot starts a new generation, and frees the old one", async () => {
    const owner = await sharer();
    const { body } = await createNote(owner, { snapshotBytes: 100 });
    await append(owner, body.id, { updates: [blob(30)] });
    const own = blob(50);
    expect((await compact(owner, body.id, own, 1)).status).toBe(200);
    await append(owner, body.id, { updates: [blob(20)] });
    const before = await usage(owner);
    expect((await compact(owner, body.id, blob(60), 2)).status).toBe(200);

    const kept = await readKept(owner, body.id);
    expect(kept.body).toMatchObject({ snapshot: own, snapshotVersion: 1, version: 2, bytes: 70 });
    expect(kept.body.updates).toHaveLength(1);
    // +60 new snapshot, -50 -20 left the live note, +70 kept, -130 old generation freed.
    expect((await usage(owner)).accountBytes).toBe(before.accountBytes + 60 - 130);
  });

  it("attack 6: refuses editors and viewers (403 owner-required), foreign accounts (404), anonymous callers (401)", async () => {
    const { editor, viewer, id } = await sharedNote();
    expect((await compact(editor, id, blob(16), 3)).status).toBe(200);
    const foreign = await sharer();

    for (const member of [editor, viewer]) {
      expectProblem(await readKept(member, id), 403, "owner-required");
      const discard = await member.client.call("DELETE", path(id), { token: member.token });
      expectProblem(discard, 403, "owner-required");
    }
    expectProblem(await readKept(foreign, id), 404, "note-not-found");
    expectProblem(await readKept(foreign, randomUUID()), 404, "note-not-found");
    expectProblem(
      await foreign.client.call("DELETE", path(id), { token: foreign.token }),
      404,
      "note-not-found",
    );
    const anonymous = await new Client().call("GET", path(id));
    expectProblem(anonymous, 401, "no-session");
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer realm="notes"/);
    expectProblem(
      await foreign.client.call("GET", path("not-a-uuid"), { token: foreign.token }),
      400,
      "invalid-request",
    );
  });

  it("attack 6: the owner discards what is kept (204) and its bytes leave the usage; deleting the note frees them too", async () => {
    const { owner, editor, id } = await sharedNote();
    expect((await compact(editor, id, blob(16), 3)).status).toBe(200);
    const before = await usage(owner);

    const discard = await owner.client.call("DELETE", path(id), { token: owner.token });
    expect(discard.status, discard.text).toBe(204);
    expectNoBody(discard);
    expect((await usage(owner)).accountBytes).toBe(before.accountBytes - 220);
    expectProblem(await readKept(owner, id), 404, "not-found");
    expectProblem(
      await owner.client.call("DELETE", path(id), { token: owner.token }),
      404,
      "not-found",
    );

    await append(owner, id, { updates: [blob(10)] });
    expect((await compact(editor, id, blob(16), 4)).status).toBe(200);
    const beforeDelete = await usage(owner);
    expect(
      (await owner.client.call("DELETE", `/v1/notes/${id}`, { token: owner.token })).status,
    ).toBe(204);
    // The live note (snapshot 16, metadata 64) and what was kept (16 + 10) all leave.
    expect((await usage(owner)).accountBytes).toBe(beforeDelete.accountBytes - 80 - 26);
    expectProblem(await readKept(owner, id), 404, "note-not-found");
  });
});
