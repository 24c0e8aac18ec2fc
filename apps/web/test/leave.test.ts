// Issue 22, finding 1: a member leaves a shared note on their own
// (POST /v1/notes/{id}:leave). Their feed shows a tombstone, everyone else's view
// moves and hears of it, their room socket closes, and the owner cannot leave.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SignedUp } from "./support/accounts";
import { Client, expectNoBody, expectProblem } from "./support/api";
import { append, blob, newNote, syncAll } from "./support/notes";
import { roster, setMembers, sharer } from "./support/sharing";
import { openFeed, openRoom, type Received } from "./support/sockets";

const leave = (user: SignedUp, noteId: string) =>
  user.client.call("POST", `/v1/notes/${noteId}:leave`, { token: user.token });

describe("POST /v1/notes/{id}:leave", () => {
  it("ends an editor's membership: 204, a tombstone in their feed, the others' views move", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const viewer = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [
      { userId: editor.accountId, role: "editor" },
      { userId: viewer.accountId, role: "viewer" },
    ]);
    const [ownerSync, editorSync, viewerSync] = await Promise.all(
      [owner, editor, viewer].map((u) => syncAll(u)),
    );

    const res = await leave(editor, id);
    expect(res.status).toBe(204);
    expectNoBody(res);
    expect(res.headers.get("x-request-id")).toBeTruthy();

    const tombstone = (await syncAll(editor, "", editorSync!.syncToken)).pages[0]!.body.changes;
    expect(tombstone).toHaveLength(1);
    expect(tombstone[0]).toMatchObject({ id, deleted: true, role: "revoked", updates: [] });
    for (const hidden of ["metadata", "snapshot", "wrappedCek"])
      expect(tombstone[0]).not.toHaveProperty(hidden);
    for (const [user, token] of [
      [owner, ownerSync!.syncToken],
      [viewer, viewerSync!.syncToken],
    ] as const) {
      const seen = (await syncAll(user, "", token)).pages[0]!.body.changes;
      expect(seen).toEqual([expect.objectContaining({ id, deleted: false, memberCount: 2 })]);
    }
    expect((await roster(owner, id)).body.members.map((m) => m.userId)).toEqual([
      owner.accountId,
      viewer.accountId,
    ]);

    for (const gone of [
      await editor.client.call("GET", `/v1/notes/${id}`, { token: editor.token }),
      await roster(editor, id),
      await append(editor, id, { updates: [blob(8)] }),
      await editor.client.call("POST", `/v1/notes/${id}/room-tickets`, { token: editor.token }),
      await leave(editor, id),
    ])
      expectProblem(gone, 404, "note-not-found");
  });

  it("lets a viewer leave; refuses the owner (403), strangers (404), anonymous callers (401)", async () => {
    const owner = await sharer();
    const viewer = await sharer();
    const stranger = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: viewer.accountId, role: "viewer" }]);

    expectProblem(await leave(owner, id), 403, "owner-cannot-leave");
    expectProblem(await leave(stranger, id), 404, "note-not-found");
    expectProblem(await leave(stranger, randomUUID()), 404, "note-not-found");
    const anonymous = await new Client().call("POST", `/v1/notes/${id}:leave`);
    expectProblem(anonymous, 401, "no-session");
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer realm="notes"/);
    expectProblem(
      await owner.client.call("POST", "/v1/notes/not-a-uuid:leave", { token: owner.token }),
      400,
      "invalid-request",
    );
    expect((await roster(owner, id)).body.members).toHaveLength(2);

    expect((await leave(viewer, id)).status).toBe(204);
    expect((await roster(owner, id)).body.members).toHaveLength(1);
    // The owner may add the leaver back (they resolved them once).
    await setMembers(owner, id, [{ userId: viewer.accountId, role: "viewer" }]);
    expect((await roster(viewer, id)).status).toBe(200);
  });

  it("answers 410 note-deleted once the owner deleted the note", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }]);
    await owner.client.call("DELETE", `/v1/notes/${id}`, { token: owner.token });
    expectProblem(await leave(editor, id), 410, "note-deleted");
  });

  it("closes the leaver's room socket 4403 and tells the owner's feed", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }]);
    const { syncToken } = await syncAll(owner);
    const ownerFeed = await openFeed(owner);
    const editorFeed = await openFeed(editor);
    const editorRoom = await openRoom(editor, id);

    expect((await leave(editor, id)).status).toBe(204);
    expect((await editorRoom.closed).code).toBe(4403);
    // Both feeds hear of the change at the leave's seq (not an earlier event).
    const [moved] = (await syncAll(owner, "", syncToken)).pages[0]!.body.changes;
    const atLeave = (m: Received) =>
      m.kind === "text" && m.json.type === "changes" && Number(m.json.seq) >= moved!.seq;
    await ownerFeed.until(atLeave);
    await editorFeed.until(atLeave);
    ownerFeed.close();
    editorFeed.close();
  });
});
