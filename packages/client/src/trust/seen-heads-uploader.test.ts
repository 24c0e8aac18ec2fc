// When a device uploads the account's seen heads: after a change, at most once per
// interval, not at all while nothing changed, merged with another device's copy, and
// again after another device's upload in between (412: read, merge, retry).
import { describe, expect, it } from "vitest";
import { seenHeadsServer } from "../../test/support/hostile-server/seen-heads-server";
import { fixedSession } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import type { Session } from "../vault/session";
import { readAccountSeenHeads, uploadAccountSeenHeads } from "./account-seen-heads";
import { SeenHeadsUploader } from "./seen-heads-uploader";
import { MemorySeenStates } from "./seen-states";

const A = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";
const B = "7d444840-9dc0-11d1-b245-5ffdce74fad2";

async function device(): Promise<Session> {
  return { ...(await fixedSession()), seenStates: new MemorySeenStates() };
}

describe("uploading the account's seen heads", () => {
  it("uploads after a change, at most once a minute, and not while nothing changed", async () => {
    const laptop = await device();
    const server = seenHeadsServer(laptop.account.id);
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    let now = 1_000_000;
    const counters: number[] = [];
    const uploader = new SeenHeadsUploader(api, laptop, {
      clock: () => now,
      onCounter: (n) => counters.push(n),
    });
    expect(await uploader.afterSync()).toBe(false); // nothing seen yet
    laptop.seenStates?.set({ noteId: A, version: 1, snapshotVersion: 0 });
    expect(await uploader.afterSync()).toBe(true);
    expect(await uploader.afterSync()).toBe(false); // nothing changed
    laptop.seenStates?.set({ noteId: A, version: 2, snapshotVersion: 0 });
    now += 30_000;
    expect(await uploader.afterSync()).toBe(false); // inside the minute
    expect(uploader.dueInMs()).toBe(30_000);
    now += 30_000;
    expect(await uploader.afterSync()).toBe(true);
    expect(server.copies.map((c) => c.counter)).toEqual([1, 2]);
    expect(counters).toEqual([1, 2]);
    expect(uploader.counter).toBe(2);
  });

  it("merges with another device's copy, and reads again after an upload in between", async () => {
    const laptop = await device();
    const phone = await device();
    const server = seenHeadsServer(laptop.account.id);
    let raced = false;
    const api = createApiClient({
      baseUrl: "http://x",
      fetch: async (url, init) => {
        // The phone uploads between the laptop's read and its write, once.
        if (init.method === "PUT" && !raced) {
          raced = true;
          phone.seenStates?.set({ noteId: B, version: 7, snapshotVersion: 7 });
          await uploadAccountSeenHeads(phoneApi, phone);
        }
        return server.fetch(url, init);
      },
    });
    const phoneApi = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    laptop.seenStates?.set({ noteId: A, version: 3, snapshotVersion: 1 });
    expect(await uploadAccountSeenHeads(api, laptop)).toEqual({ counter: 2, uploaded: true });
    const read = await readAccountSeenHeads(phoneApi, phone, { verifyLog: false });
    expect(read.heads.map((h) => [h.noteId, h.version])).toEqual([
      [A, 3],
      [B, 7],
    ]);
    // The phone has nothing the copy lacks: no upload.
    expect(await uploadAccountSeenHeads(phoneApi, phone)).toEqual({ counter: 2, uploaded: false });
  });
});
