// Issue 22, finding 6: a former member's tombstone is frozen when they lose the
// note. Later edits, compactions and roster changes by the owner change nothing a
// removed (or departed) member's feed shows, and the tombstone's ciphertext, which
// it does not carry, no longer counts towards the page's 4 MiB cut.
import { describe, expect, it } from "vitest";
import type { SignedUp } from "./support/accounts";
import { append, blob, type ChangesPage, newNote, syncAll } from "./support/notes";
import { setMembers, sharer } from "./support/sharing";

type Change = ChangesPage["changes"][number] & { updatedAt: string };

async function changeOf(user: SignedUp, noteId: string, query = "", token?: string) {
  const { pages, syncToken } = await syncAll(user, query, token);
  const found = pages.flatMap((p) => p.body.changes).filter((c) => c.id === noteId);
  return { found: found as Change[], syncToken, pages };
}

async function compact(owner: SignedUp, noteId: string, snapshotBytes: number) {
  const note = await owner.client.call<{ version: number }>("GET", `/v1/notes/${noteId}`, {
    token: owner.token,
  });
  const res = await owner.client.call("POST", `/v1/notes/${noteId}:compact`, {
    token: owner.token,
    body: { snapshot: blob(snapshotBytes), coversVersion: note.body.version },
  });
  expect(res.status, res.text).toBe(200);
}

describe("a former member's tombstone", () => {
  it("keeps the versions of the removal and memberCount 0, whatever the owner does next", async () => {
    const owner = await sharer();
    const removed = await sharer();
    const stays = await sharer();
    const later = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [
      { userId: removed.accountId, role: "editor" },
      { userId: stays.accountId, role: "viewer" },
    ]);
    await append(owner, id, { updates: [blob(16), blob(16)] });
    await compact(owner, id, 300);
    await append(owner, id, { updates: [blob(16)] });
    const { syncToken } = await syncAll(removed);

    await setMembers(owner, id, [{ userId: stays.accountId, role: "viewer" }], {
      ownerWrappedCek: blob(80),
    });
    const after = await changeOf(removed, id, "", syncToken);
    expect(after.found).toHaveLength(1);
    const tombstone = after.found[0]!;
    expect(tombstone).toMatchObject({
      deleted: true,
      role: "revoked",
      version: 3,
      snapshotVersion: 2,
      memberCount: 0,
      updates: [],
    });

    // The owner goes on: writes, compacts, adds someone. None of it reaches the tombstone.
    await append(owner, id, { updates: [blob(16), blob(16), blob(16)] });
    await compact(owner, id, 2_000);
    await setMembers(owner, id, [
      { userId: stays.accountId, role: "editor" },
      { userId: later.accountId, role: "viewer" },
    ]);
    await append(owner, id, { updates: [blob(16)], metadata: blob(64) });

    const incremental = await changeOf(removed, id, "", after.syncToken);
    expect(incremental.found).toEqual([]);
    const full = await changeOf(removed, id);
    expect(full.found).toEqual([tombstone]);
  });

  it("is frozen for a member who left", async () => {
    const owner = await sharer();
    const leaver = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: leaver.accountId, role: "editor" }]);
    await append(owner, id, { updates: [blob(16)] });
    const left = await leaver.client.call("POST", `/v1/notes/${id}:leave`, {
      token: leaver.token,
    });
    expect(left.status).toBe(204);
    const [tombstone] = (await changeOf(leaver, id)).found;
    expect(tombstone).toMatchObject({
      deleted: true,
      version: 1,
      snapshotVersion: 0,
      memberCount: 0,
    });

    await append(owner, id, { updates: [blob(16)] });
    await compact(owner, id, 500);
    expect((await changeOf(leaver, id)).found).toEqual([tombstone]);
  });

  it("counts no bytes towards the page's 4 MiB cut", async () => {
    const owner = await sharer();
    const removed = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: removed.accountId, role: "viewer" }]);
    await setMembers(owner, id, [], { ownerWrappedCek: blob(80) });

    // The note grows to 3 MiB after the removal; the removed member's own 2 MiB
    // note follows the tombstone. Both fit one page: the tombstone carries no bytes.
    await compact(owner, id, 3_000_000);
    const own = await newNote(removed, 2_000_000);
    const full = await syncAll(removed);
    expect(full.pages.map((p) => p.body.changes.map((c) => c.id))).toEqual([[id, own.id]]);
  });
});
