// Sharing over /v1 (contract.md §3, §4, §11): resolving people, replacing the
// roster under If-Match, and what each role then sees and may do — checked from
// the owner, an editor, a viewer, a stranger and an anonymous caller.
import { randomUUID } from "node:crypto";
import { databaseUrl, mode } from "@notes/test-support/database-mode";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { type ApiResponse, Client, expectProblem, pointersOf } from "./support/api";
import { append, blob, newNote, syncAll, usage } from "./support/notes";
import { introduce, putMembers, roster, setMembers, sharer } from "./support/sharing";

describe("POST /v1/users:resolve", () => {
  it("resolves a handle to the user's id and public key", async () => {
    const alice = await sharer();
    const bob = await sharer();
    const res = await alice.client.call("POST", "/v1/users:resolve", {
      token: alice.token,
      body: { handle: bob.handle.toUpperCase() },
    });
    expect(res.status).toBe(200);
    // The key-transparency proof comes once an epoch has logged Bob's keys: whether one
    // has closed since his sign-up depends on the clock (key-transparency.test.ts checks it).
    const { keyTransparency, ...answer } = res.body as { keyTransparency?: { publicKey: string } };
    expect(answer).toEqual({
      userId: bob.accountId,
      handle: bob.handle,
      publicKey: bob.publicKey,
    });
    if (keyTransparency) expect(keyTransparency.publicKey).toBe(bob.publicKey);
  });

  it("answers the same 404 for unknown, key-less, malformed and undiscoverable users", async () => {
    const alice = await sharer();
    const keyless = await signUp();
    const emailUser = await sharer();
    for (const body of [
      { handle: "nobody_here_at_all" },
      { handle: keyless.credentials.identifier },
      { handle: "x" },
      { email: "nobody@example.com" },
      { email: "not-an-email" },
    ]) {
      const res = await alice.client.call("POST", "/v1/users:resolve", {
        token: alice.token,
        body,
      });
      expectProblem(res, 404, "user-not-found");
    }
    expect(emailUser.accountId).toBeTruthy();
  });

  it("refuses a body with both or neither of handle and email, and anonymous callers", async () => {
    const alice = await sharer();
    for (const body of [{}, { handle: "abc", email: "a@b.c" }]) {
      expectProblem(
        await alice.client.call("POST", "/v1/users:resolve", { token: alice.token, body }),
        400,
        "invalid-request",
      );
    }
    const anonymous = await new Client().call("POST", "/v1/users:resolve", {
      body: { handle: alice.handle },
    });
    expectProblem(anonymous, 401, "no-session");
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer realm="notes"/);
  });

  it("limits look-ups to 30 a minute per account (429 with Retry-After)", async () => {
    const alice = await sharer();
    const statuses: number[] = [];
    let last: ApiResponse | undefined;
    for (let i = 0; i < 31; i++) {
      last = await alice.client.call("POST", "/v1/users:resolve", {
        token: alice.token,
        body: { handle: `nobody_${i}_zz` },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expectProblem(last!, 429, "rate-limited");
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("PUT /v1/notes/{id}/members", () => {
  it("adds an editor who then syncs the note with role and wrappedCek, and writes on the owner's storage", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const { id } = await newNote(owner, 100);
    const wrappedCek = blob(80);
    const res = await setMembers(owner, id, [
      { userId: editor.accountId, role: "editor", wrappedCek },
    ]);
    expect(res.body).toEqual({
      members: [
        {
          userId: owner.accountId,
          role: "owner",
          handle: owner.handle,
          publicKey: owner.publicKey,
        },
        {
          userId: editor.accountId,
          role: "editor",
          handle: editor.handle,
          addedBy: owner.accountId,
          publicKey: editor.publicKey,
        },
      ],
      nextPageToken: "",
    });
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);

    const { pages } = await syncAll(editor);
    const seen = pages.flatMap((p) => p.body.changes).find((c) => c.id === id);
    expect(seen).toMatchObject({ role: "editor", wrappedCek, memberCount: 2, deleted: false });

    const before = await usage(owner);
    expect((await append(editor, id, { updates: [blob(40)] })).status).toBe(200);
    expect((await usage(owner)).accountBytes).toBe(before.accountBytes + 40);
    expect((await usage(editor)).accountBytes).toBe(0);

    // addedBy is the owner's to see.
    const asEditor = await roster(editor, id);
    // So are the sharing keys, to every member (issue 21: clients pin them).
    expect(asEditor.body.members).toEqual([
      { userId: owner.accountId, role: "owner", handle: owner.handle, publicKey: owner.publicKey },
      {
        userId: editor.accountId,
        role: "editor",
        handle: editor.handle,
        publicKey: editor.publicKey,
      },
    ]);
  });

  it("demotes to viewer (403 view-only) and removes (tombstone, 404 everywhere)", async () => {
    const owner = await sharer();
    const member = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: member.accountId, role: "editor" }]);
    const { syncToken } = await syncAll(member);

    await setMembers(owner, id, [{ userId: member.accountId, role: "viewer" }]);
    expectProblem(await append(member, id, { updates: [blob(8)] }), 403, "view-only");
    const demoted = await syncAll(member, "", syncToken);
    expect(demoted.pages[0]!.body.changes).toEqual([
      expect.objectContaining({ id, role: "viewer" }),
    ]);

    const removed = await setMembers(owner, id, [], { ownerWrappedCek: blob(80) });
    expect(removed.body.members).toEqual([
      { userId: owner.accountId, role: "owner", handle: owner.handle, publicKey: owner.publicKey },
    ]);
    const after = await syncAll(member, "", demoted.syncToken);
    const tombstone = after.pages[0]!.body.changes[0]!;
    expect(tombstone).toMatchObject({ id, deleted: true, role: "revoked" });
    expect(tombstone).not.toHaveProperty("metadata");
    expect(tombstone).not.toHaveProperty("snapshot");
    expect(tombstone).not.toHaveProperty("wrappedCek");
    for (const res of [
      await member.client.call("GET", `/v1/notes/${id}`, { token: member.token }),
      await roster(member, id),
      await append(member, id, { updates: [blob(8)] }),
      await member.client.call("POST", `/v1/notes/${id}/room-tickets`, { token: member.token }),
    ])
      expectProblem(res, 404, "note-not-found");

    // The owner's own view moved and carries the rotated wrap.
    const ownerView = await owner.client.call("GET", `/v1/notes/${id}`, { token: owner.token });
    expect(ownerView.body).toMatchObject({ memberCount: 1, role: "owner" });
    // Later appends no longer move the removed member's view.
    expect((await append(owner, id, { updates: [blob(8)] })).status).toBe(200);
    const quiet = await syncAll(member, "", after.syncToken);
    expect(quiet.pages[0]!.body.changes).toEqual([]);
  });

  it("needs If-Match (428), refuses a stale one (412), accepts *", async () => {
    const owner = await sharer();
    const member = await sharer();
    const { id } = await newNote(owner);
    await introduce(owner, member);
    const first = await roster(owner, id);
    const etag = first.headers.get("etag")!;
    expectProblem(
      await putMembers(owner, id, [{ userId: member.accountId, role: "viewer" }], {
        ifMatch: null,
      }),
      428,
      "precondition-required",
    );
    const added = await putMembers(owner, id, [{ userId: member.accountId, role: "viewer" }], {
      ifMatch: etag,
    });
    expect(added.status).toBe(200);
    expect(added.headers.get("etag")).not.toBe(etag);
    expectProblem(await putMembers(owner, id, [], { ifMatch: etag }), 412, "precondition-failed");
    expect((await putMembers(owner, id, [], { ifMatch: "*" })).status).toBe(200);
  });

  it("answers an identical replacement with the same roster and ETag, changing nothing", async () => {
    const owner = await sharer();
    const member = await sharer();
    const { id } = await newNote(owner);
    const wrappedCek = blob(80);
    const first = await setMembers(owner, id, [
      { userId: member.accountId, role: "editor", wrappedCek },
    ]);
    const { syncToken } = await syncAll(member);
    const again = await putMembers(
      owner,
      id,
      [{ userId: member.accountId, role: "editor", wrappedCek }],
      {
        ifMatch: first.headers.get("etag")!,
      },
    );
    expect(again.status).toBe(200);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect((await syncAll(member, "", syncToken)).pages[0]!.body.changes).toEqual([]);
  });

  it("is the owner's alone: 403 owner-required for members, 404 for strangers, 401 anonymous", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const viewer = await sharer();
    const stranger = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [
      { userId: editor.accountId, role: "editor" },
      { userId: viewer.accountId, role: "viewer" },
    ]);
    for (const member of [editor, viewer]) {
      expectProblem(
        await putMembers(member, id, [{ userId: stranger.accountId, role: "editor" }], {
          ifMatch: "*",
        }),
        403,
        "owner-required",
      );
    }
    expectProblem(
      await putMembers(stranger, id, [{ userId: stranger.accountId, role: "editor" }], {
        ifMatch: "*",
      }),
      404,
      "note-not-found",
    );
    expectProblem(await roster(stranger, id), 404, "note-not-found");
    expectProblem(
      await putMembers(stranger, randomUUID(), [], { ifMatch: "*" }),
      404,
      "note-not-found",
    );
    const anonymous = await new Client().call("PUT", `/v1/notes/${id}/members`, {
      headers: { "If-Match": "*" },
      body: { members: [] },
    });
    expectProblem(anonymous, 401, "no-session");
    expect((await roster(owner, id)).body.members).toHaveLength(3);
  });

  it("validates entries: the owner, duplicates, roles, unknown users, bad Base64", async () => {
    const owner = await sharer();
    const member = await sharer();
    const { id } = await newNote(owner);
    const invalid = await putMembers(
      owner,
      id,
      [
        { userId: owner.accountId, role: "editor" },
        { userId: member.accountId, role: "editor" },
        { userId: member.accountId, role: "viewer" },
      ],
      { ifMatch: "*" },
    );
    expectProblem(invalid, 400, "invalid-request");
    expect(pointersOf(invalid)).toEqual(["/members/0/userId", "/members/2/userId"]);

    const badShape = await owner.client.call("PUT", `/v1/notes/${id}/members`, {
      token: owner.token,
      headers: { "If-Match": "*" },
      body: { members: [{ userId: member.accountId, role: "owner", wrappedCek: "%%%" }] },
    });
    expectProblem(badShape, 400, "invalid-request");
    expect(pointersOf(badShape)).toEqual(["/members/0/role", "/members/0/wrappedCek"]);

    expectProblem(
      await putMembers(owner, id, [{ userId: randomUUID(), role: "viewer" }], { ifMatch: "*" }),
      404,
      "user-not-found",
    );
  });

  it("answers 410 note-deleted for a deleted note's owner", async () => {
    const owner = await sharer();
    const { id } = await newNote(owner);
    await owner.client.call("DELETE", `/v1/notes/${id}`, { token: owner.token });
    expectProblem(await putMembers(owner, id, [], { ifMatch: "*" }), 410, "note-deleted");
  });

  it("serializes with a racing append: the removed editor's write lands before, or is refused", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const { id } = await newNote(owner);
    for (let round = 0; round < 5; round++) {
      await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }]);
      const [appended, removed] = await Promise.all([
        append(editor, id, { updates: [blob(16)], requestId: randomUUID() }),
        putMembers(owner, id, [], { ifMatch: "*" }),
      ]);
      expect(removed.status).toBe(200);
      if (appended.status === 200) {
        const note = await owner.client.call<{ seq: number }>("GET", `/v1/notes/${id}`, {
          token: owner.token,
        });
        expect(appended.body.seq).toBeLessThan(note.body.seq);
      } else {
        expectProblem(appended, 404, "note-not-found");
      }
    }
  });
});

describe("tickets", () => {
  it("issues feed and room tickets (201) with complete URLs that expire in 60 s", async () => {
    const owner = await sharer();
    const { id } = await newNote(owner);
    const feed = await owner.client.call<{ ticket: string; url: string; expiresAt: string }>(
      "POST",
      "/v1/feed-tickets",
      { token: owner.token },
    );
    expect(feed.status).toBe(201);
    expect(feed.body.url).toMatch(/^wss?:\/\/.+\/v1\/feed\?ticket=[A-Za-z0-9_-]{43}$/);
    expect(feed.body.url.endsWith(feed.body.ticket)).toBe(true);
    const lifetime = Date.parse(feed.body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(61_000);

    const room = await owner.client.call<{ url: string }>("POST", `/v1/notes/${id}/room-tickets`, {
      token: owner.token,
    });
    expect(room.status).toBe(201);
    expect(room.body.url).toContain(`/v1/rooms/${id}?ticket=`);
  });

  it("gives room tickets to members only", async () => {
    const owner = await sharer();
    const viewer = await sharer();
    const stranger = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: viewer.accountId, role: "viewer" }]);
    const asViewer = await viewer.client.call("POST", `/v1/notes/${id}/room-tickets`, {
      token: viewer.token,
    });
    expect(asViewer.status).toBe(201);
    expectProblem(
      await stranger.client.call("POST", `/v1/notes/${id}/room-tickets`, { token: stranger.token }),
      404,
      "note-not-found",
    );
    expectProblem(
      await new Client().call("POST", `/v1/notes/${id}/room-tickets`),
      401,
      "no-session",
    );
    expectProblem(await new Client().call("POST", "/v1/feed-tickets"), 401, "no-session");
    await owner.client.call("DELETE", `/v1/notes/${id}`, { token: owner.token });
    expectProblem(
      await owner.client.call("POST", `/v1/notes/${id}/room-tickets`, { token: owner.token }),
      410,
      "note-deleted",
    );
  });
});

describe.runIf(mode === "postgres")("a removal committed while an append waits", () => {
  it("refuses the waiting append (the role is read after the note lock)", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }]);
    const holder = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    const watcher = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      let pending: ReturnType<typeof append> | undefined;
      await holder.begin(async (tx) => {
        // Hold the note as a roster replacement does, and remove the editor in it.
        await tx`select 1 from notes where id = ${id} for no key update`;
        await tx`update note_members set role = 'revoked', wrapped_cek = null,
                   revoked_at = now(), revoked_version = 0, revoked_snapshot_version = 0
                 where note_id = ${id} and account_id = ${editor.accountId}`;
        pending = append(editor, id, { updates: [blob(8)] });
        // Commit only once the append is waiting for the note's lock (ordering, not time).
        for (let waiting = 0; waiting === 0; ) {
          const [row] = await watcher`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like '%notes_append%'`;
          waiting = row?.n ?? 0;
        }
      });
      expectProblem(await pending!, 404, "note-not-found");
    } finally {
      await holder.end();
      await watcher.end();
    }
  });
});
