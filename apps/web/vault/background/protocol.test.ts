import { describe, expect, it } from "vitest";
import { openLocal, sealLocalJson } from "../local-seal";
import { BackgroundClient, type WorkerLike } from "./background-client";
import {
  handleBackgroundRequest,
  newBackgroundState,
  SEARCH_INDEX_KEY,
  SEARCH_INDEX_VERSION,
} from "./protocol";

const key = new Uint8Array(32).fill(3);
const note = {
  id: "n1",
  title: "Canary plans",
  tags: ["private-tag"],
  body: "meet at the lighthouse",
  stamp: "v1",
};

/** The worker's behaviour in process, behind the same message shape as a Worker. */
function inProcessWorker(
  stored = new Map<string, string>(),
): WorkerLike & { posted: unknown[]; stored: Map<string, string>; dbs: string[] } {
  const dbs: string[] = [];
  const state = newBackgroundState((dbName) => {
    dbs.push(dbName);
    return { put: async (k, v) => void stored.set(k, v), get: async (k) => stored.get(k) };
  });
  const listeners: ((event: MessageEvent) => void)[] = [];
  const posted: unknown[] = [];
  return {
    posted,
    stored,
    dbs,
    addEventListener: (_type, listener) => listeners.push(listener),
    postMessage(message) {
      posted.push(message);
      const { id, body } = message as {
        id: number;
        body: Parameters<typeof handleBackgroundRequest>[1];
      };
      void handleBackgroundRequest(state, body).then((reply) => {
        for (const l of listeners) l({ data: { id, body: reply } } as MessageEvent);
      });
    },
    terminate: () => undefined,
  };
}

describe("background worker protocol", () => {
  it("indexes, answers queries and numbers each request", async () => {
    const worker = inProcessWorker();
    const client = new BackgroundClient(worker);
    expect(await client.send({ type: "open", key }, "opened")).toEqual({
      type: "opened",
      stamps: {},
      restored: false,
    });
    await client.send({ type: "upsert", docs: [note] }, "done");
    const [a, b] = await Promise.all([
      client.send({ type: "query", text: "lighthouse" }, "hits"),
      client.send({ type: "query", text: "nothing" }, "hits"),
    ]);
    expect(a.hits.map((h) => h.id)).toEqual(["n1"]);
    expect(b.hits).toEqual([]);
    expect(worker.posted.map((m) => (m as { id: number }).id)).toEqual([1, 2, 3, 4]);
    expect(await client.send({ type: "remove", ids: ["n1"] }, "done")).toEqual({
      type: "done",
      size: 0,
    });
  });

  it("seals the index (no plaintext) and restores it, with each note's stamp", async () => {
    const worker = inProcessWorker();
    const client = new BackgroundClient(worker);
    await client.send({ type: "open", key, dbName: "db" }, "opened");
    await client.send({ type: "upsert", docs: [note] }, "done");
    await client.send({ type: "save" }, "saved");
    const sealed = worker.stored.get(SEARCH_INDEX_KEY) ?? "";
    for (const secret of ["Canary", "private-tag", "lighthouse"])
      expect(sealed).not.toContain(secret);

    const next = new BackgroundClient(inProcessWorker());
    const opened = await next.send({ type: "open", key, sealed }, "opened");
    expect(opened).toEqual({ type: "opened", stamps: { n1: "v1" }, restored: true });
    const { hits } = await next.send({ type: "query", text: "canary" }, "hits");
    expect(hits.map((h) => h.id)).toEqual(["n1"]);
  });

  it("rebuilds an index saved under an older version: every note is read again", async () => {
    // Before versions the sealed value was the bare array of documents.
    const legacy = await sealLocalJson(key, [note]);
    const older = await sealLocalJson(key, { version: SEARCH_INDEX_VERSION - 1, docs: [note] });
    for (const sealed of [legacy, older]) {
      const client = new BackgroundClient(inProcessWorker());
      const opened = await client.send({ type: "open", key, sealed }, "opened");
      expect(opened).toEqual({ type: "opened", stamps: {}, restored: false });
      expect((await client.send({ type: "query", text: "lighthouse" }, "hits")).hits).toEqual([]);
    }
  });

  it("opens nothing from an index sealed under another key, or a damaged one", async () => {
    const worker = inProcessWorker();
    const client = new BackgroundClient(worker);
    await client.send({ type: "open", key, dbName: "db" }, "opened");
    await client.send({ type: "upsert", docs: [note] }, "done");
    await client.send({ type: "save" }, "saved");
    const sealed = worker.stored.get(SEARCH_INDEX_KEY) ?? "";
    const other = new Uint8Array(32).fill(4);
    const foreign = await client.send({ type: "open", key: other, sealed }, "opened");
    expect(foreign).toEqual({ type: "opened", stamps: {}, restored: false });
    const damaged = await client.send({ type: "open", key, sealed: "AAAA" }, "opened");
    expect(damaged.restored).toBe(false);
  });

  it("saves the sealed index and the sealed list into the database named at open", async () => {
    const worker = inProcessWorker();
    const client = new BackgroundClient(worker);
    const listKey = new Uint8Array(32).fill(9);
    await client.send({ type: "open", key, listKey, dbName: "notes-vault-x" }, "opened");
    await client.send({ type: "upsert", docs: [note] }, "done");
    expect(await client.send({ type: "save", covers: 1_600_000_000_000 }, "saved")).toEqual({
      type: "saved",
    });
    expect(worker.stored.get("searchIndexCovers")).toBe("1600000000000");
    const rows = [{ id: "n1", title: "Canary plans", tags: ["private-tag"] }];
    await client.send({ type: "saveList", notes: rows, covers: 1_700_000_000_000 }, "saved");
    expect(worker.dbs).toEqual(["notes-vault-x"]);
    // Beside the list: up to when it covers the cache (a reload re-reads what is newer).
    expect(worker.stored.get("listSnapshotCovers")).toBe("1700000000000");
    const index = worker.stored.get(SEARCH_INDEX_KEY) ?? "";
    const list = worker.stored.get("listSnapshot") ?? "";
    for (const secret of ["Canary", "private-tag", "lighthouse"]) {
      expect(index).not.toContain(secret);
      expect(list).not.toContain(secret);
    }
    // Each opens under its own key only (the list is what loadListSnapshot reads).
    const listBytes = await openLocal(listKey, list);
    expect(JSON.parse(new TextDecoder().decode(listBytes))).toEqual(rows);
    expect(await openLocal(key, list)).toBeUndefined();
    const next = new BackgroundClient(inProcessWorker());
    const reopened = await next.send({ type: "open", key, sealed: index }, "opened");
    expect(reopened).toEqual({ type: "opened", stamps: { n1: "v1" }, restored: true });
  });

  it("reads the sealed index from the database itself when the tab sends none", async () => {
    const worker = inProcessWorker();
    const client = new BackgroundClient(worker);
    await client.send({ type: "open", key, dbName: "notes-vault-y" }, "opened");
    await client.send({ type: "upsert", docs: [note] }, "done");
    await client.send({ type: "save" }, "saved");
    // A reload: a new worker over the same database, asked to read what is stored.
    const next = new BackgroundClient(inProcessWorker(worker.stored));
    const opened = await next.send(
      { type: "open", key, readStored: true, dbName: "notes-vault-y" },
      "opened",
    );
    expect(opened).toEqual({ type: "opened", stamps: { n1: "v1" }, restored: true });
    const { hits } = await next.send({ type: "query", text: "lighthouse" }, "hits");
    expect(hits.map((h) => h.id)).toEqual(["n1"]);
  });

  it("refuses to save before open, and the list without a list key", async () => {
    const client = new BackgroundClient(inProcessWorker());
    await expect(client.send({ type: "save" }, "saved")).rejects.toThrow("nothing to save");
    await client.send({ type: "open", key, dbName: "db" }, "opened");
    await expect(client.send({ type: "saveList", notes: [] }, "saved")).rejects.toThrow(
      "nothing to save",
    );
  });

  it("rejects what is still waiting when closed", async () => {
    const silent: WorkerLike = {
      addEventListener: () => undefined,
      postMessage: () => undefined,
      terminate: () => undefined,
    };
    const client = new BackgroundClient(silent);
    const waiting = client.send({ type: "query", text: "x" }, "hits");
    client.close();
    await expect(waiting).rejects.toThrow("closed");
  });
});
