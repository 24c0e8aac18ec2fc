// Roles on every write (contract.md §4): a viewer gets 403 view-only, an editor
// may write but not delete (403 owner-required), and a member of a deleted note
// reads a tombstone. Members are added through PUT /v1/notes/{id}/members, once the
// owner found them through users:resolve (so they hold a sharing keypair).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type SignedUp, signUp } from "./support/accounts";
import { expectProblem } from "./support/api";
import { append, blob, newNote, syncAll, usage } from "./support/notes";
import { setMembers, sharer } from "./support/sharing";

async function addMember(
  owner: SignedUp,
  noteId: string,
  member: SignedUp,
  role: "editor" | "viewer",
) {
  await setMembers(owner, noteId, [{ userId: member.accountId, role }]);
}

describe("roles", () => {
  it("lets a viewer read but not write (403 view-only)", async () => {
    const owner = await signUp();
    const viewer = await sharer();
    const { id } = await newNote(owner);
    await addMember(owner, id, viewer, "viewer");
    const read = await viewer.client.call("GET", `/v1/notes/${id}`, { token: viewer.token });
    expect(read.body).toMatchObject({ role: "viewer", memberCount: 2 });
    expectProblem(
      await append(viewer, id, { updates: [blob(8)], requestId: randomUUID() }),
      403,
      "view-only",
    );
    expectProblem(
      await viewer.client.call("POST", `/v1/notes/${id}:compact`, {
        token: viewer.token,
        body: { snapshot: blob(8), coversVersion: 0 },
      }),
      403,
      "view-only",
    );
    expectProblem(
      await viewer.client.call("DELETE", `/v1/notes/${id}`, { token: viewer.token }),
      403,
      "owner-required",
    );
    const roster = await viewer.client.call<{ members: { role: string }[] }>(
      "GET",
      `/v1/notes/${id}/members`,
      { token: viewer.token },
    );
    expect(roster.body.members.map((m) => m.role)).toEqual(["owner", "viewer"]);
  });

  it("lets an editor write, charging the owner's usage, but not delete", async () => {
    const owner = await signUp();
    const editor = await sharer();
    const { id } = await newNote(owner, 100);
    await addMember(owner, id, editor, "editor");
    const before = await usage(owner);
    expect((await append(editor, id, { updates: [blob(50)] })).status).toBe(200);
    expect((await usage(owner)).accountBytes).toBe(before.accountBytes + 50);
    expect((await usage(editor)).accountBytes).toBe(0);
    expectProblem(
      await editor.client.call("DELETE", `/v1/notes/${id}`, { token: editor.token }),
      403,
      "owner-required",
    );
  });

  it("tombstones the note in every member's feed when the owner deletes it", async () => {
    const owner = await signUp();
    const editor = await sharer();
    const { id } = await newNote(owner);
    await addMember(owner, id, editor, "editor");
    const { syncToken } = await syncAll(editor);
    await owner.client.call("DELETE", `/v1/notes/${id}`, { token: owner.token });
    const { pages } = await syncAll(editor, "", syncToken);
    expect(pages[0]!.body.changes).toEqual([
      expect.objectContaining({ id, deleted: true, role: "revoked" }),
    ]);
    expectProblem(await append(editor, id, { updates: [blob(8)] }), 410, "note-deleted");
  });
});
