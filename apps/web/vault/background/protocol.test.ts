import { describe, expect, it } from "vitest";
import { snapshotEntries } from "../list-snapshot";
import { openLocal, sealLocalJson } from "../local-seal";
import { BackgroundClient, type WorkerLike } from "./background-client";
import { INDEX_PIECES, PIECES_PER_SAVE, pieceKey, pieceOf } from "./index-pieces";
import { handleBackgroundRequest, newBackgroundState, SEARCH_INDEX_KEY } from "./protocol";

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
    return {
      put: async (k, v) => void stored.set(k, v),
      get: async (k) => stored.get(k),
      list: {
        save: async (listKey, notes, covers) => {
          for (const [k, v] of await snapshotEntries(listKey, notes, covers)) stored.set(k, v);
        },
        cover: async (covers) => Boolean(stored.set("listSnapshotCovers", String(covers))),
      },
    };
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

/** Saves until no piece waits, as NoteSearch does; answers how many requests it took. */
async function saveAll(client: BackgroundClient, covers?: number): Promise<number> {
  let requests = 0;
  for (;;) {
    requests += 1;
    const { more } = await client.send(
      { type: "save", ...(covers !== undefined && { covers }) },
      "indexSaved",
    );
    if (!more) return requests;
  }
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

  it("seals the index in pieces (no plaintext) and restores it, with each note's stamp", async () => {
    const worker = inProcessWorker();
    const client = new BackgroundClient(worker);
    await client.send({ type: "open", key, dbName: "notes-vault-y" }, "opened");
    await client.send({ type: "upsert", docs: [note] }, "done");
    // Nothing was kept: the first save writes every piece, a few a request.
    expect(await saveAll(client)).toBe(INDEX_PIECES / PIECES_PER_SAVE);
    expect([...worker.stored.keys()].filter((k) => k.startsWith(SEARCH_INDEX_KEY))).toHaveLength(
      INDEX_PIECES,
    );
    for (const value of worker.stored.values())
      for (const secret of ["Canary", "private-tag", "lighthouse"])
        expect(value).not.toContain(secret);

    // A reload: a new worker over the same database reads what is stored.
    const next = new BackgroundClient(inProcessWorker(worker.stored));
    const opened = await next.send(
      { type: "open", key, readStored: true, dbName: "notes-vault-y" },
      "opened",
    );
    expect(opened).toEqual({ type: "opened", stamps: { n1: "v1" }, restored: true });
    const { hits } = await next.send({ type: "query", text: "canary" }, "hits");
    expect(hits.map((h) => h.id)).toEqual(["n1"]);
  });

  it("after a change, seals again only the piece that holds the note", async () => {
    const worker = inProcessWorker();
    const client = new BackgroundClient(worker);
    await client.send({ type: "open", key, dbName: "db" }, "opened");
    const docs = Array.from({ length: 300 }, (_, i) => ({ ...note, id: `n${i}`, stamp: "v1" }));
    await client.send({ type: "upsert", docs }, "done");
    await saveAll(client);
    const before = new Map(worker.stored);
    await client.send(
      { type: "upsert", docs: [{ ...note, id: "n7", body: "moved", stamp: "v2" }] },
      "done",
    );
    expect(await saveAll(client)).toBe(1);
    const changed = [...worker.stored].filter(([k, v]) => before.get(k) !== v).map(([k]) => k);
    expect(changed).toEqual([pieceKey(pieceOf("n7"))]);
    // Nothing changed since: a save writes nothing.
    expect(await client.send({ type: "save" }, "indexSaved")).toEqual({
      type: "indexSaved",
      more: false,
    });
    const next = new BackgroundClient(inProcessWorker(worker.stored));
    const opened = await next.send({ type: "open", key, readStored: true, dbName: "db" }, "opened");
    expect(Object.keys(opened.stamps)).toHaveLength(300);
    expect(opened.stamps.n7).toBe("v2");
  });

  it("rebuilds an index kept under an older version: every note is read again", async () => {
    // Before versions the sealed value was the bare array of documents; then one value.
    const legacy = await sealLocalJson(key, [note]);
    const whole = await sealLocalJson(key, { version: 3, docs: [note] });
    for (const sealed of [legacy, whole]) {
      const client = new BackgroundClient(inProcessWorker(new Map([[SEARCH_INDEX_KEY, sealed]])));
      const opened = await client.send(
        { type: "open", key, readStored: true, dbName: "db" },
        "opened",
      );
      expect(opened).toEqual({ type: "opened", stamps: {}, restored: false });
      expect((await client.send({ type: "query", text: "lighthouse" }, "hits")).hits).toEqual([]);
    }
  });

  it("restores nothing under another key, or with a piece damaged, missing or moved", async () => {
    const worker = inProcessWorker();
    const client = new BackgroundClient(worker);
    await client.send({ type: "open", key, dbName: "db" }, "opened");
    await client.send({ type: "upsert", docs: [note] }, "done");
    await saveAll(client);
    const restored = async (stored: Map<string, string>, k = key) =>
      (
        await new BackgroundClient(inProcessWorker(stored)).send(
          { type: "open", key: k, readStored: true, dbName: "db" },
          "opened",
        )
      ).restored;
    expect(await restored(new Map(worker.stored))).toBe(true);
    expect(await restored(new Map(worker.stored), new Uint8Array(32).fill(4))).toBe(false);
    const damaged = new Map(worker.stored).set(pieceKey(5), "AAAA");
    expect(await restored(damaged)).toBe(false);
    const missing = new Map(worker.stored);
    missing.delete(pieceKey(9));
    expect(await restored(missing)).toBe(false);
    const moved = new Map(worker.stored).set(pieceKey(2), worker.stored.get(pieceKey(3)) ?? "");
    expect(await restored(moved)).toBe(false);
  });

  it("saves the sealed index and the sealed list into the database named at open", async () => {
    const worker = inProcessWorker();
    const client = new BackgroundClient(worker);
    const listKey = new Uint8Array(32).fill(9);
    await client.send({ type: "open", key, listKey, dbName: "notes-vault-x" }, "opened");
    await client.send({ type: "upsert", docs: [note] }, "done");
    // `covers` is kept once no piece waits, not before.
    expect(await client.send({ type: "save", covers: 1_600_000_000_000 }, "indexSaved")).toEqual({
      type: "indexSaved",
      more: true,
    });
    expect(worker.stored.get("searchIndexCovers")).toBeUndefined();
    await saveAll(client, 1_600_000_000_000);
    expect(worker.stored.get("searchIndexCovers")).toBe("1600000000000");
    const rows = [{ id: "n1", title: "Canary plans", tags: ["private-tag"] }];
    await client.send({ type: "saveList", notes: rows, covers: 1_700_000_000_000 }, "saved");
    expect(worker.dbs).toEqual(["notes-vault-x"]);
    // Beside the list: up to when it covers the cache (a reload re-reads what is newer).
    expect(worker.stored.get("listSnapshotCovers")).toBe("1700000000000");
    const list = worker.stored.get("listSnapshot") ?? "";
    for (const secret of ["Canary", "private-tag", "lighthouse"])
      expect(list).not.toContain(secret);
    // Each opens under its own key only (the list is what loadListSnapshot reads).
    const listBytes = await openLocal(listKey, list);
    expect(JSON.parse(new TextDecoder().decode(listBytes))).toEqual(rows);
    expect(await openLocal(key, list)).toBeUndefined();
    expect(await openLocal(listKey, worker.stored.get(SEARCH_INDEX_KEY) ?? "")).toBeUndefined();
  });

  it("refuses to save before open, and the list without a list key", async () => {
    const client = new BackgroundClient(inProcessWorker());
    await expect(client.send({ type: "save" }, "indexSaved")).rejects.toThrow("nothing to save");
    await client.send({ type: "open", key, dbName: "db" }, "opened");
    await expect(client.send({ type: "saveList", notes: [], covers: 0 }, "saved")).rejects.toThrow(
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
