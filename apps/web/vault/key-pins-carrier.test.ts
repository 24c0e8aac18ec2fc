// The carrier in the web app (issue 33, item 4): the first sync runs at start and arms
// the pins, so a first sight waits for it; when the server withholds the pins of an
// account that shares notes, the person is told so in plain words and no one new is
// pinned; when the pins come through, the notice goes.
import "fake-indexeddb/auto";
import {
  createApiClient,
  type FetchLike,
  KeyPinsWithheld,
  keyPinsOf,
  MemoryKeyPins,
  resolveUser,
} from "@notes/client";
import { loadSodium, sealKeyPinShard, toBase64 } from "@notes/crypto";
import { describe, expect, it, vi } from "vitest";
import { carryKeyPins, PINS_WITHHELD_TEXT, sharesNotesHere } from "./key-pins-carrier";
import { testSession } from "./test-session";

const BOB = "b0444840-9dc0-11d1-b245-5ffdce74fad2";
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

/** A server with one shared note, answering no pins until `pins` is set. */
function server(serverKey: Uint8Array) {
  const state: { shard?: string } = {};
  const fetch: FetchLike = async (url) => {
    const path = new URL(url).pathname;
    if (path === "/v1/account/key-pins") return json({ sealed: null, version: 0 });
    if (path === "/v1/account/key-pins/shards")
      return json({ shards: state.shard ? [{ shard: 0xb0, version: 1 }] : [] });
    if (path === "/v1/account/key-pins/shards/176")
      return json({ shard: 0xb0, sealed: state.shard ?? null, version: state.shard ? 1 : 0 });
    if (path === "/v1/changes")
      return json({
        changes: [{ id: BOB, memberCount: 2, role: "owner", deleted: false }],
        nextPageToken: "",
      });
    if (path === "/v1/users:resolve")
      return json({ userId: BOB, handle: "bob", publicKey: toBase64(serverKey) });
    return new Response("{}", { status: 404 });
  };
  return { fetch, state };
}

describe("key pins carrier", () => {
  it("says in plain words that the server withholds the pins, and pins no one new", async () => {
    const serverKey = new Uint8Array(32).fill(66);
    const { fetch, state } = server(serverKey);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const session = { ...(await testSession()), keyPins: new MemoryKeyPins() };
    const notices: (string | undefined)[] = [];
    const carrier = carryKeyPins(api, session, undefined, (notice) => notices.push(notice));

    await expect(resolveUser(api, { handle: "bob" }, keyPinsOf(session))).rejects.toBeInstanceOf(
      KeyPinsWithheld,
    );
    expect(notices).toEqual([PINS_WITHHELD_TEXT]);
    expect(PINS_WITHHELD_TEXT).toMatch(/^The server did not send this device the keys/);
    expect(keyPinsOf(session).get(BOB)).toBeUndefined();

    // The laptop's pins come through: Bob's verified key, and the notice goes.
    const realKey = new Uint8Array(32).fill(5);
    const pins = [{ userId: BOB, publicKey: realKey, verified: true }];
    const sodium = await loadSodium();
    state.shard = sealKeyPinShard(sodium, session.masterKey, {
      shard: 0xb0,
      generation: 1,
      held: new Set([0xb0]),
      pins,
    });
    carrier.pull();
    await vi.waitFor(() => expect(notices).toEqual([PINS_WITHHELD_TEXT, undefined]));
    expect(keyPinsOf(session).get(BOB)).toEqual(pins[0]);
    carrier.stop();
  });
});

describe("whether the account shares notes, when the server answers no pins (issue 35)", () => {
  const feed = () => {
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(new URL(url).pathname);
      return json({
        changes: [{ id: BOB, memberCount: 2, role: "owner", deleted: false }],
        nextPageToken: "",
      });
    };
    return { api: createApiClient({ baseUrl: "http://x", fetch }), asked };
  };

  it("answers from the notes this device lists, without walking the server's feed", async () => {
    const { api, asked } = feed();
    const own = { role: "owner" as const, shared: false };
    expect(await sharesNotesHere(api, async () => [own, { ...own, shared: true }])()).toBe(true);
    expect(await sharesNotesHere(api, async () => [own, { role: "viewer", shared: false }])()).toBe(
      true,
    );
    expect(await sharesNotesHere(api, async () => [own, own])()).toBe(false);
    expect(asked).toEqual([]);
  });

  it("walks the feed on a device that lists nothing yet (a new device)", async () => {
    const { api, asked } = feed();
    expect(await sharesNotesHere(api, async () => undefined)()).toBe(true);
    expect(await sharesNotesHere(api, async () => [])()).toBe(true);
    expect(asked).toEqual(["/v1/changes", "/v1/changes"]);
  });

  it("a device listing a shared note says the pins are withheld, and pins no one new", async () => {
    const { fetch } = server(new Uint8Array(32).fill(66));
    const walked: string[] = [];
    const api = createApiClient({
      baseUrl: "http://x",
      fetch: (url, init) => {
        if (new URL(url).pathname === "/v1/changes") walked.push("changes");
        return fetch(url, init);
      },
    });
    const session = { ...(await testSession()), keyPins: new MemoryKeyPins() };
    const notices: (string | undefined)[] = [];
    const listed = async () => [{ role: "owner" as const, shared: true }];
    const carrier = carryKeyPins(
      api,
      session,
      () => {},
      (n) => notices.push(n),
      sharesNotesHere(api, listed),
    );
    await expect(resolveUser(api, { handle: "bob" }, keyPinsOf(session))).rejects.toBeInstanceOf(
      KeyPinsWithheld,
    );
    expect(notices).toEqual([PINS_WITHHELD_TEXT]);
    expect(keyPinsOf(session).get(BOB)).toBeUndefined();
    expect(walked).toEqual([]);
    carrier.stop();
  });
});
