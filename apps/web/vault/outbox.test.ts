import "fake-indexeddb/auto";
import { type ApiClient, ApiProblem } from "@notes/client";
import { describe, expect, it } from "vitest";
import type { OutboxOp } from "./local-db";
import { enqueue, flushOutbox, pendingCount } from "./outbox";
import { freshDb } from "./test-session";

function append(noteId: string, requestId: string): OutboxOp {
  return {
    kind: "append",
    noteId,
    updateCount: 1,
    body: { id: noteId, requestId, updates: ["AAAA"], metadata: null },
  };
}

function problem(status: number, slug: string) {
  return new ApiProblem({ status, type: `https://x/problems/${slug}`, title: slug });
}

/** An API whose answers the test scripts, recording what was sent. */
function scriptedApi(answers: Array<unknown | Error>) {
  const sent: Array<{ path: string; input: unknown }> = [];
  const api = {
    call: async (path: string, input: unknown) => {
      sent.push({ path, input });
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer ?? { version: 1, snapshotVersion: 0, seq: 1 };
    },
  } as unknown as ApiClient;
  return { api, sent };
}

describe("outbox", () => {
  it("sends ops in order and empties", async () => {
    const db = await freshDb();
    await enqueue(db, append("n1", "r1"));
    await enqueue(db, append("n1", "r2"));
    await enqueue(db, { kind: "delete", noteId: "n1" });
    const { api, sent } = scriptedApi([]);
    expect(await flushOutbox(db, api)).toEqual({ state: "done" });
    expect(sent.map((s) => s.path)).toEqual(["notes.append", "notes.append", "notes.remove"]);
    expect(sent.map((s) => (s.input as { requestId?: string }).requestId)).toEqual([
      "r1",
      "r2",
      undefined,
    ]);
    expect(await pendingCount(db)).toBe(0);
  });

  it("keeps the op and its requestId when the network fails, and replays it", async () => {
    const db = await freshDb();
    await enqueue(db, append("n1", "r1"));
    const offline = scriptedApi([new TypeError("Failed to fetch")]);
    expect(await flushOutbox(db, offline.api)).toMatchObject({ state: "waiting", offline: true });
    expect(await pendingCount(db)).toBe(1);
    const online = scriptedApi([]);
    await flushOutbox(db, online.api);
    expect(online.sent[0]?.input).toMatchObject({ requestId: "r1" });
    expect(await pendingCount(db)).toBe(0);
  });

  it("waits on 5xx, 429 and 401 instead of dropping edits", async () => {
    for (const error of [
      problem(503, "at-capacity"),
      problem(429, "rate-limited"),
      problem(401, "no-session"),
    ]) {
      const db = await freshDb();
      await enqueue(db, append("n1", "r1"));
      expect(await flushOutbox(db, scriptedApi([error]).api)).toMatchObject({
        state: "waiting",
        offline: false,
      });
      expect(await pendingCount(db)).toBe(1);
    }
  });

  it("treats a replayed create and a write to a deleted note as done", async () => {
    const db = await freshDb();
    await enqueue(db, {
      kind: "create",
      noteId: "n1",
      body: { id: "n1", snapshot: "AA", metadata: "AA", wrappedCek: "AA" },
    });
    await enqueue(db, append("n2", "r1"));
    const { api } = scriptedApi([problem(409, "note-exists"), problem(404, "note-not-found")]);
    expect(await flushOutbox(db, api)).toEqual({ state: "done" });
  });

  it("drops a refused op, reports it and stops there", async () => {
    const db = await freshDb();
    await enqueue(db, append("n1", "r1"));
    await enqueue(db, append("n1", "r2"));
    const full = problem(402, "free-storage-full");
    const outcome = await flushOutbox(db, scriptedApi([full]).api);
    expect(outcome).toMatchObject({ state: "refused", problem: full });
    expect(await pendingCount(db)).toBe(1);
  });
});
