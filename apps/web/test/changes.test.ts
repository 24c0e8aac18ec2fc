// GET /v1/changes: full and incremental sync, paging, the 4 MiB cut, snapshot
// defaults, tombstones, token validation — and gap-free delivery under
// concurrent writers.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { expectProblem, pointersOf } from "./support/api";
import { append, blob, type ChangesPage, newNote, syncAll } from "./support/notes";

describe("GET /v1/changes", () => {
  it("pages a full sync in seq order with snapshots, then syncs incrementally without", async () => {
    const user = await signUp();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await newNote(user)).id);
    const full = await syncAll(user, "pageSize=2");
    expect(full.pages.map((p) => p.body.changes.length)).toEqual([2, 2, 1]);
    const states = full.pages.flatMap((p) => p.body.changes);
    expect(states.map((s) => s.id)).toEqual(ids);
    const seqs = states.map((s) => s.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    for (const s of states)
      expect(s).toMatchObject({
        deleted: false,
        role: "owner",
        memberCount: 1,
        snapshotVersion: 0,
        version: 0,
        updates: [],
      });
    for (const s of states) expect(typeof s.snapshot).toBe("string");
    expect(full.pages[0]?.body).not.toHaveProperty("nextSyncToken");

    const quiet = await syncAll(user, "", full.syncToken);
    expect(quiet.pages[0]?.body.changes).toEqual([]);
    const update = blob(12);
    await append(user, ids[2]!, { updates: [update] });
    const incremental = await syncAll(user, "", full.syncToken);
    const [changed] = incremental.pages[0]!.body.changes;
    expect(incremental.pages[0]!.body.changes).toHaveLength(1);
    expect(changed).toMatchObject({ id: ids[2], version: 1, updates: [update] });
    expect(changed).not.toHaveProperty("snapshot");
    expect(changed).toHaveProperty("metadata");
    const withSnapshots = await syncAll(user, "snapshots=true", full.syncToken);
    expect(withSnapshots.pages[0]!.body.changes[0]).toHaveProperty("snapshot");
  });

  it("walks a full sync newest first with order=newest, and what changes meanwhile comes with the next delta", async () => {
    const user = await signUp();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await newNote(user)).id);
    // Page by page by hand, so notes can change in the middle of the walk.
    const first = await user.client.call<ChangesPage>(
      "GET",
      "/v1/changes?order=newest&pageSize=2",
      {
        token: user.token,
      },
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.changes.map((c) => c.id)).toEqual([ids[4], ids[3]]);
    expect(typeof first.body.changes[0]?.snapshot).toBe("string");
    // Meanwhile: a note already listed and a note not yet reached change, one is added.
    await append(user, ids[4]!, { updates: [blob(8)] });
    await append(user, ids[0]!, { updates: [blob(8)] });
    const added = (await newNote(user)).id;
    const rest = await syncAll(user, "", first.body.nextPageToken);
    const walked = [...first.body.changes, ...rest.pages.flatMap((p) => p.body.changes)];
    // ids[0] rose above the walk's watermark: the walk skips it, the delta brings it.
    expect(walked.map((c) => c.id)).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    const seqs = walked.map((c) => c.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    const delta = await syncAll(user, "", rest.syncToken);
    const later = delta.pages.flatMap((p) => p.body.changes).map((c) => c.id);
    expect(new Set(later)).toEqual(new Set([ids[4], ids[0], added]));
  });

  it("takes order only as seq or newest", async () => {
    const user = await signUp();
    const res = await user.client.call("GET", "/v1/changes?order=oldest", { token: user.token });
    await expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toContain("#/query/order");
  });

  it("delivers deletions as tombstones without ciphertext", async () => {
    const user = await signUp();
    const { id } = await newNote(user);
    const { syncToken } = await syncAll(user);
    await user.client.call("DELETE", `/v1/notes/${id}`, { token: user.token });
    const { pages } = await syncAll(user, "", syncToken);
    const [tombstone] = pages[0]!.body.changes;
    expect(tombstone).toMatchObject({ id, deleted: true, role: "revoked", updates: [] });
    for (const key of ["metadata", "snapshot", "wrappedCek"])
      expect(tombstone).not.toHaveProperty(key);
  });

  it("cuts a page at 4 MiB of ciphertext but never below one note", async () => {
    const user = await signUp();
    for (let i = 0; i < 3; i++) await newNote(user, 1_600_000);
    const { pages } = await syncAll(user, "pageSize=10");
    expect(pages.map((p) => p.body.changes.length)).toEqual([2, 1]);
    const big = await signUp();
    await newNote(big, 5_000_000);
    const single = await syncAll(big);
    expect(single.pages[0]!.body.changes).toHaveLength(1);
  });

  it("shows an account only its own notes", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await newNote(alice);
    const { pages } = await syncAll(bob);
    expect(pages[0]!.body.changes).toEqual([]);
  });

  it("rejects malformed and foreign tokens and bad page sizes with 400", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const { syncToken } = await syncAll(alice);
    for (const [user, query, pointer] of [
      [alice, "pageToken=garbage", "#/query/pageToken"],
      [bob, `pageToken=${syncToken}`, "#/query/pageToken"],
      [alice, "pageSize=0", "#/query/pageSize"],
      [alice, "pageSize=-3", "#/query/pageSize"],
      [alice, "pageSize=501", "#/query/pageSize"],
      [alice, "pageSize=2.5", "#/query/pageSize"],
      [alice, "pageSize=ten", "#/query/pageSize"],
      [alice, "snapshots=maybe", "#/query/snapshots"],
    ] as const) {
      const res = await user.client.call("GET", `/v1/changes?${query}`, { token: user.token });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toEqual([pointer]);
    }
    const largest = await alice.client.call("GET", "/v1/changes?pageSize=500", {
      token: alice.token,
    });
    expect(largest.status).toBe(200);
  });

  it("never misses a change while writers race a reader (gap-free)", async () => {
    const user = await signUp();
    const notes = await Promise.all(Array.from({ length: 8 }, () => newNote(user, 64)));
    const seen = new Map<string, number>();
    let token: string | undefined;
    const pull = async () => {
      const { pages, syncToken } = await syncAll(user, "pageSize=3", token);
      for (const change of pages.flatMap((p) => p.body.changes))
        seen.set(change.id, change.version);
      token = syncToken;
    };
    let writing = true;
    const writers = notes.map(async (note) => {
      for (let i = 0; i < 15; i++) {
        const res = await append(user, note.id, { updates: [blob(32)], requestId: randomUUID() });
        expect(res.status, res.text).toBe(200);
      }
    });
    const reader = (async () => {
      while (writing) await pull();
    })();
    await Promise.all(writers);
    writing = false;
    await reader;
    await pull();
    for (const note of notes) expect(seen.get(note.id), note.id).toBe(15);
  });
});
