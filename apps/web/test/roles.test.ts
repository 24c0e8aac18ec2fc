// Roles on every write (contract.md §4): a viewer gets 403 view-only, an editor
// may write but not delete (403 owner-required), and a removed member reads a
// tombstone. Sharing endpoints arrive later, so in Postgres mode the membership
// rows are written straight into the database (embedded mode cannot be reached
// from outside the server process; the rules are the same code).
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { expectProblem } from "./support/api";
import { databaseUrl, mode } from "./support/database-mode";
import { append, blob, newNote, syncAll, usage } from "./support/notes";

async function addMember(noteId: string, accountId: string, role: string) {
  const sql = postgres(databaseUrl!, { max: 1 });
  try {
    await sql`insert into note_members (note_id, account_id, role, wrapped_cek, seq)
              values (${noteId}, ${accountId}, ${role}, ${Buffer.from(blob(80), "base64")}, nextval('change_seq'))`;
  } finally {
    await sql.end();
  }
}

describe.runIf(mode === "postgres")("roles", () => {
  it("lets a viewer read but not write (403 view-only)", async () => {
    const owner = await signUp();
    const viewer = await signUp();
    const { id } = await newNote(owner);
    await addMember(id, viewer.accountId, "viewer");
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
    const editor = await signUp();
    const { id } = await newNote(owner, 100);
    await addMember(id, editor.accountId, "editor");
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
    const editor = await signUp();
    const { id } = await newNote(owner);
    await addMember(id, editor.accountId, "editor");
    const { syncToken } = await syncAll(editor);
    await owner.client.call("DELETE", `/v1/notes/${id}`, { token: owner.token });
    const { pages } = await syncAll(editor, "", syncToken);
    expect(pages[0]!.body.changes).toEqual([
      expect.objectContaining({ id, deleted: true, role: "revoked" }),
    ]);
    expectProblem(await append(editor, id, { updates: [blob(8)] }), 410, "note-deleted");
  });
});
