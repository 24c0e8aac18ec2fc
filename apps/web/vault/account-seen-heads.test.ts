// The account's seen heads in the web app (issue 33, item 12): a browser that saw nothing
// starts from the account's copy before its first sync and remembers the counter; an
// older copy than the log holds, or a read that fails, is said in the banner's words;
// a browser that saw notes before does not read it; what this browser sees is uploaded.
import "fake-indexeddb/auto";
import {
  createApiClient,
  keyTransparencyFor,
  MemorySeenStates,
  uploadAccountSeenHeads,
} from "@notes/client";
import { describe, expect, it, vi } from "vitest";
import { seenHeadsServer } from "../../../packages/client/test/support/hostile-server/seen-heads-server";
import { keepAccountSeenHeads, SEEN_HEADS_TEXT } from "./account-seen-heads";
import { freshDb, testSession } from "./test-session";

const NOTE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";

/** A laptop of the account uploaded that it saw NOTE at version 5; the log holds it. */
async function accountWithCopy() {
  const laptop = { ...(await testSession()), seenStates: new MemorySeenStates() };
  laptop.seenStates.set({ noteId: NOTE, version: 5, snapshotVersion: 2 });
  const server = seenHeadsServer(laptop.account.id);
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  keyTransparencyFor(api, { waitForLogMs: 0 });
  await uploadAccountSeenHeads(api, laptop);
  server.logStored();
  return { server, api };
}

describe("the account's seen heads in the web app", () => {
  it("starts a fresh browser from the account's copy and keeps the counter", async () => {
    const { api } = await accountWithCopy();
    const db = await freshDb();
    const session = { ...(await testSession()), seenStates: new MemorySeenStates() };
    const notices: string[] = [];
    const stop = await keepAccountSeenHeads(api, db, session, (t) => notices.push(t));
    stop();
    expect(notices).toEqual([]);
    expect(session.seenStates.get(NOTE)).toMatchObject({ version: 5, snapshotVersion: 2 });
    await vi.waitFor(async () => expect(await db.get("meta", "seenHeadsCounter")).toBe("1"));
  });

  it("says so when the copy served is older than the log's, or the read fails", async () => {
    const { server, api } = await accountWithCopy();
    server.serve = () => ({ counter: 0, sealed: null });
    const notices: string[] = [];
    const session = { ...(await testSession()), seenStates: new MemorySeenStates() };
    (await keepAccountSeenHeads(api, await freshDb(), session, (t) => notices.push(t)))();
    expect(notices).toEqual([SEEN_HEADS_TEXT]);
    expect(session.seenStates.all()).toEqual([]);

    const failing = createApiClient({
      baseUrl: "http://x",
      fetch: async () => new Response(null, { status: 500 }),
    });
    const again: string[] = [];
    (await keepAccountSeenHeads(failing, await freshDb(), session, (t) => again.push(t)))();
    expect(again).toEqual([SEEN_HEADS_TEXT]);
  });

  it("holds its uploads to the counter it just read: no copy served later is said, not merged over", async () => {
    const { server, api } = await accountWithCopy();
    const db = await freshDb();
    const session = { ...(await testSession()), seenStates: new MemorySeenStates() };
    const notices: string[] = [];
    const stop = await keepAccountSeenHeads(api, db, session, (t) => notices.push(t));
    expect(notices).toEqual([]);
    // The server then answers this browser's read before its upload with no copy at all.
    server.serve = () => ({ counter: 0, sealed: null });
    session.seenStates.set({ noteId: NOTE, version: 6, snapshotVersion: 2 });
    await vi.waitFor(() => expect(notices).toEqual([SEEN_HEADS_TEXT]), { timeout: 4_000 });
    expect(server.copies.map((c) => c.counter)).toEqual([1]);
    stop();
  });

  it("does not read the copy in a browser that saw notes, and uploads what it sees next", async () => {
    const { server } = await accountWithCopy();
    const seen = new MemorySeenStates([{ noteId: NOTE, version: 5, snapshotVersion: 2 }]);
    const session = { ...(await testSession()), seenStates: seen };
    const reads: string[] = [];
    const counting = createApiClient({
      baseUrl: "http://x",
      fetch: (url, init) => {
        reads.push(`${init.method ?? "GET"} ${new URL(url).pathname}`);
        return server.fetch(url, init);
      },
    });
    const stop = await keepAccountSeenHeads(counting, await freshDb(), session, () => undefined);
    expect(reads).toEqual([]);
    seen.set({ noteId: NOTE, version: 6, snapshotVersion: 2 });
    // Uploaded once the burst settles (2 s), not at once.
    expect(server.copies.map((c) => c.counter)).toEqual([1]);
    await vi.waitFor(() => expect(server.copies.map((c) => c.counter)).toEqual([1, 2]), {
      timeout: 4_000,
    });
    stop();
  });
});
