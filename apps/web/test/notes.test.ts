// Notes over real HTTP: create, read (weak ETag, 304), append (idempotent),
// compact, delete (tombstones), and who may touch a note.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { expectNoBody, expectProblem, pointersOf } from "./support/api";
import { append, blob, createNote, newNote, syncAll, usage } from "./support/notes";

describe("POST /v1/notes", () => {
  it("creates a note: 201, Location, coordinates at version 0, usage counted", async () => {
    const user = await signUp();
    const { res, body } = await createNote(user, { snapshotBytes: 300, metadataBytes: 50 });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toMatch(new RegExp(`/v1/notes/${body.id}$`));
    expect(res.body).toMatchObject({ id: body.id, version: 0 });
    expect(res.body.seq).toBeGreaterThan(0);
    expect(await usage(user)).toMatchObject({ accountBytes: 350, noteCount: 1 });
  });

  it("refuses a reused id with 409, also another account's", async () => {
    const user = await signUp();
    const { id } = await newNote(user);
    expectProblem((await createNote(user, { id })).res, 409, "note-exists");
    expectProblem((await createNote(await signUp(), { id })).res, 409, "note-exists");
  });

  it("validates the body", async () => {
    const user = await signUp();
    const res = await user.client.call("POST", "/v1/notes", {
      token: user.token,
      body: { id: "nope", snapshot: "!!" },
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/id", "/metadata", "/snapshot", "/wrappedCek"]);
  });

  it("needs a session", async () => {
    const user = await signUp();
    const res = await user.client.call("POST", "/v1/notes", { body: {} });
    expectProblem(res, 401, "no-session");
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="notes"');
  });
});

describe("GET /v1/notes/{id}", () => {
  it("returns the full state with a weak ETag, and 304 while it holds", async () => {
    const user = await signUp();
    const { res: created, body } = await createNote(user);
    const u1 = blob(40);
    await append(user, body.id, { updates: [u1] });
    const res = await user.client.call("GET", `/v1/notes/${body.id}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: body.id,
      deleted: false,
      role: "owner",
      memberCount: 1,
      metadata: body.metadata,
      snapshot: body.snapshot,
      wrappedCek: body.wrappedCek,
      snapshotVersion: 0,
      version: 1,
      updates: [u1],
    });
    expect(res.body.seq).toBeGreaterThan(created.body.seq);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await user.client.call("GET", `/v1/notes/${body.id}`, {
      token: user.token,
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expectNoBody(again);
    await append(user, body.id, { updates: [blob(10)] });
    const changed = await user.client.call("GET", `/v1/notes/${body.id}`, {
      token: user.token,
      headers: { "If-None-Match": etag },
    });
    expect(changed.status).toBe(200);
  });

  it("answers 404 to a foreign account and for an unknown id, 400 for a malformed one", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const { id } = await newNote(owner);
    expectProblem(
      await stranger.client.call("GET", `/v1/notes/${id}`, { token: stranger.token }),
      404,
      "note-not-found",
    );
    expectProblem(
      await owner.client.call("GET", `/v1/notes/${randomUUID()}`, { token: owner.token }),
      404,
      "note-not-found",
    );
    const bad = await owner.client.call("GET", "/v1/notes/123", { token: owner.token });
    expectProblem(bad, 400, "invalid-request");
    expect(pointersOf(bad)).toEqual(["#/path/id"]);
  });
});

describe("POST /v1/notes/{id}/updates", () => {
  it("appends in order, replaces metadata, and counts bytes", async () => {
    const user = await signUp();
    const { id } = await newNote(user, 100);
    const before = await usage(user);
    const metadata = blob(70);
    const res = await append(user, id, { updates: [blob(10), blob(20)], metadata });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, version: 2 });
    const after = await usage(user);
    expect(after.accountBytes).toBe(before.accountBytes + 30 + (70 - 64));
    const state = await user.client.call("GET", `/v1/notes/${id}`, { token: user.token });
    expect(state.body).toMatchObject({ version: 2, metadata });
  });

  it("is idempotent by requestId: a repeat answers the first coordinates and appends nothing", async () => {
    const user = await signUp();
    const { id } = await newNote(user);
    const requestId = randomUUID();
    const first = await append(user, id, { updates: [blob(10)], requestId });
    const bytes = (await usage(user)).accountBytes;
    const repeat = await append(user, id, { updates: [blob(10)], requestId });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect((await usage(user)).accountBytes).toBe(bytes);
  });

  it("appends once when identical requests race", async () => {
    const user = await signUp();
    const { id } = await newNote(user);
    const requestId = randomUUID();
    const update = blob(16);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => append(user, id, { updates: [update, update], requestId })),
    );
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const state = await user.client.call<{ version: number; updates: string[] }>(
      "GET",
      `/v1/notes/${id}`,
      { token: user.token },
    );
    expect(state.body.version).toBe(2);
    expect(state.body.updates).toHaveLength(2);
  });

  it("answers 404 to a non-member and 410 once the note is deleted", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const { id } = await newNote(owner);
    expectProblem(await append(stranger, id, { updates: [blob(8)] }), 404, "note-not-found");
    const unknown = await append(owner, randomUUID(), {
      updates: [blob(8)],
      requestId: randomUUID(),
    });
    expectProblem(unknown, 404, "note-not-found");
    await owner.client.call("DELETE", `/v1/notes/${id}`, { token: owner.token });
    expectProblem(await append(owner, id, { updates: [blob(8)] }), 410, "note-deleted");
  });

  it("validates updates with pointers", async () => {
    const user = await signUp();
    const { id } = await newNote(user);
    const res = await append(user, id, { updates: [blob(8), "not base64", blob(8)] });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/updates/1"]);
    const empty = await append(user, id, { updates: [] });
    expect(pointersOf(empty)).toEqual(["/updates"]);
  });
});

describe("POST /v1/notes/{id}:compact", () => {
  it("replaces the snapshot, prunes covered updates and counts what it kept in usage", async () => {
    const user = await signUp();
    const { id } = await newNote(user, 100);
    const requestId = randomUUID();
    await append(user, id, { updates: [blob(50), blob(50)], requestId });
    await append(user, id, { updates: [blob(50)] });
    const before = await usage(user);
    const snapshot = blob(120);
    const res = await user.client.call("POST", `/v1/notes/${id}:compact`, {
      token: user.token,
      body: { snapshot, coversVersion: 2 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id, version: 3 });
    const state = await user.client.call<{
      snapshotVersion: number;
      version: number;
      updates: string[];
      snapshot: string;
    }>("GET", `/v1/notes/${id}`, { token: user.token });
    expect(state.body).toMatchObject({ snapshotVersion: 2, version: 3, snapshot });
    expect(state.body.updates).toHaveLength(1);
    // The replaced snapshot and pruned updates leave the note but stay counted while
    // kept as its previous compaction (issue 21, attack 6; previous-compaction.test.ts).
    expect((await usage(user)).accountBytes).toBe(before.accountBytes + 120);
    // The pruned batch's requestId is forgotten: the same id appends anew.
    const again = await append(user, id, { updates: [blob(5)], requestId });
    expect(again.body.version).toBe(4);
  });

  it("refuses a coversVersion out of range with 409 stale-compaction", async () => {
    const user = await signUp();
    const { id } = await newNote(user);
    await append(user, id, { updates: [blob(5), blob(5)] });
    await user.client.call("POST", `/v1/notes/${id}:compact`, {
      token: user.token,
      body: { snapshot: blob(10), coversVersion: 1 },
    });
    for (const coversVersion of [0, 3]) {
      const res = await user.client.call("POST", `/v1/notes/${id}:compact`, {
        token: user.token,
        body: { snapshot: blob(10), coversVersion },
      });
      expectProblem(res, 409, "stale-compaction");
    }
  });

  it("answers 404 to a non-member", async () => {
    const owner = await signUp();
    const { id } = await newNote(owner);
    const stranger = await signUp();
    const res = await stranger.client.call("POST", `/v1/notes/${id}:compact`, {
      token: stranger.token,
      body: { snapshot: blob(10), coversVersion: 0 },
    });
    expectProblem(res, 404, "note-not-found");
  });
});

describe("DELETE /v1/notes/{id}", () => {
  it("tombstones the note, frees its bytes and keeps the id taken", async () => {
    const user = await signUp();
    const { id } = await newNote(user, 500);
    await append(user, id, { updates: [blob(100)] });
    const res = await user.client.call("DELETE", `/v1/notes/${id}`, { token: user.token });
    expect(res.status).toBe(204);
    expectNoBody(res);
    expect(await usage(user)).toMatchObject({ accountBytes: 0, noteCount: 0 });
    // The tombstone travels in /v1/changes; a read of the note is 404 (contract.md §11).
    expectProblem(
      await user.client.call("GET", `/v1/notes/${id}`, { token: user.token }),
      404,
      "note-not-found",
    );
    const { pages } = await syncAll(user);
    const state = pages.flatMap((p) => p.body.changes).find((c) => c.id === id)!;
    expect(state).toMatchObject({ id, deleted: true, role: "revoked", updates: [] });
    for (const key of ["metadata", "snapshot", "wrappedCek"]) expect(state).not.toHaveProperty(key);
    expect(
      (await user.client.call("DELETE", `/v1/notes/${id}`, { token: user.token })).status,
    ).toBe(204);
    expectProblem((await createNote(user, { id })).res, 409, "note-exists");
  });

  it("answers 404 to a non-member and leaves the note alone", async () => {
    const owner = await signUp();
    const { id } = await newNote(owner);
    const stranger = await signUp();
    expectProblem(
      await stranger.client.call("DELETE", `/v1/notes/${id}`, { token: stranger.token }),
      404,
      "note-not-found",
    );
    expect(
      (await owner.client.call("GET", `/v1/notes/${id}`, { token: owner.token })).body.deleted,
    ).toBe(false);
  });
});

describe("GET /v1/notes/{id}/members", () => {
  it("lists the owner alone with a strong ETag; strangers get 404", async () => {
    const owner = await signUp();
    const { id } = await newNote(owner);
    const res = await owner.client.call("GET", `/v1/notes/${id}/members`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      members: [{ userId: owner.accountId, role: "owner", handle: owner.credentials.identifier }],
      nextPageToken: "",
    });
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
    const stranger = await signUp();
    expectProblem(
      await stranger.client.call("GET", `/v1/notes/${id}/members`, { token: stranger.token }),
      404,
      "note-not-found",
    );
  });
});
