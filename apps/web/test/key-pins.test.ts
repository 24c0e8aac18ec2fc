// The account's sealed key pins (issue 21; docs/client-crypto.md, "Pinned keys",
// Syncing): GET/PUT /v1/account/key-pins (the single copy older clients keep) and
// /v1/account/key-pins/shards/{shard} (issue 33) over HTTP (ETag, If-Match,
// If-None-Match, the caps, the problems, another account, the feed's account event), and
// the SDK's syncKeyPins carrying pins and verifications between two devices of one
// account, 100,000 of them included.
import { randomBytes } from "node:crypto";
import {
  type ApiClient,
  keyPinsOf,
  type Session,
  signUp as sdkSignUp,
  signIn,
  syncKeyPins,
} from "@notes/client";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { Client, expectProblem, pointersOf } from "./support/api";
import { sdkDevice } from "./support/sdk-device";
import { openFeed } from "./support/sockets";

const sealed = (bytes = 80) => randomBytes(bytes).toString("base64");
const PATH = "/v1/account/key-pins";

describe("GET/PUT /v1/account/key-pins", () => {
  it("starts empty at version 0, then keeps each write under If-Match", async () => {
    const { client, token } = await signUp();
    const empty = await client.call("GET", PATH, { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ sealed: null, version: 0 });
    expect(empty.headers.get("etag")).toBe('"pins-0"');

    const first = sealed();
    const put = await client.call("PUT", PATH, {
      token,
      body: { sealed: first },
      headers: { "If-Match": '"pins-0"' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ sealed: first, version: 1 });
    expect(put.headers.get("etag")).toBe('"pins-1"');

    const read = await client.call("GET", PATH, { token });
    expect(read.body).toEqual({ sealed: first, version: 1 });
    const unchanged = await client.call("GET", PATH, {
      token,
      headers: { "If-None-Match": '"pins-1"' },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe("");

    // Another device wrote in between: a writer holding version 0 must read again.
    const stale = await client.call("PUT", PATH, {
      token,
      body: { sealed: sealed() },
      headers: { "If-Match": '"pins-0"' },
    });
    expectProblem(stale, 412, "precondition-failed");
    const any = await client.call("PUT", PATH, {
      token,
      body: { sealed: sealed() },
      headers: { "If-Match": "*" },
    });
    expect(any.body.version).toBe(2);
  });

  it("refuses a write without If-Match, a body that is not a sealed blob, and no token", async () => {
    const { client, token } = await signUp();
    const missing = await client.call("PUT", PATH, { token, body: { sealed: sealed() } });
    expectProblem(missing, 428, "precondition-required");
    for (const bad of ["not base64!", sealed(8), sealed(200_000)]) {
      const res = await client.call("PUT", PATH, {
        token,
        body: { sealed: bad },
        headers: { "If-Match": '"pins-0"' },
      });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toEqual(["/sealed"]);
    }
    const foreignTag = await client.call("PUT", PATH, {
      token,
      body: { sealed: sealed() },
      headers: { "If-Match": '"something-else"' },
    });
    expectProblem(foreignTag, 412, "precondition-failed");
    const anonymous = await new Client().call("GET", PATH);
    expectProblem(anonymous, 401, "no-session");
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("is the caller's own: another account reads and writes only its own", async () => {
    const alice = await signUp();
    const mallory = await signUp();
    const mine = sealed();
    await alice.client.call("PUT", PATH, {
      token: alice.token,
      body: { sealed: mine },
      headers: { "If-Match": '"pins-0"' },
    });
    const theirs = await mallory.client.call("GET", PATH, { token: mallory.token });
    expect(theirs.body).toEqual({ sealed: null, version: 0 });
    await mallory.client.call("PUT", PATH, {
      token: mallory.token,
      body: { sealed: sealed() },
      headers: { "If-Match": "*" },
    });
    expect((await alice.client.call("GET", PATH, { token: alice.token })).body).toEqual({
      sealed: mine,
      version: 1,
    });
  });

  it("announces a write on the account's feed, so its other devices read it at once", async () => {
    const user = await signUp();
    const feed = await openFeed(user);
    await user.client.call("PUT", PATH, {
      token: user.token,
      body: { sealed: sealed() },
      headers: { "If-Match": '"pins-0"' },
    });
    await feed.until((m) => m.kind === "text" && m.json.type === "account");
    feed.close();
  });
});

const SHARDS = "/v1/account/key-pins/shards";

describe("GET/PUT /v1/account/key-pins/shards/{shard}", () => {
  it("lists nothing at first, then keeps each shard's writes under its own If-Match", async () => {
    const { client, token } = await signUp();
    expect((await client.call("GET", SHARDS, { token })).body).toEqual({ shards: [] });
    const empty = await client.call("GET", `${SHARDS}/7`, { token });
    expect(empty.body).toEqual({ shard: 7, sealed: null, version: 0 });
    expect(empty.headers.get("etag")).toBe('"pin-shard-7-0"');

    const first = sealed();
    const put = await client.call("PUT", `${SHARDS}/7`, {
      token,
      body: { sealed: first },
      headers: { "If-Match": '"pin-shard-7-0"' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ shard: 7, sealed: first, version: 1 });
    expect(put.headers.get("etag")).toBe('"pin-shard-7-1"');
    await client.call("PUT", `${SHARDS}/200`, {
      token,
      body: { sealed: sealed() },
      headers: { "If-Match": '"pin-shard-200-0"' },
    });
    expect((await client.call("GET", SHARDS, { token })).body).toEqual({
      shards: [
        { shard: 7, version: 1 },
        { shard: 200, version: 1 },
      ],
    });
    const unchanged = await client.call("GET", `${SHARDS}/7`, {
      token,
      headers: { "If-None-Match": '"pin-shard-7-1"' },
    });
    expect(unchanged.status).toBe(304);

    // Another device wrote in between, or the tag names another shard: read again.
    for (const tag of ['"pin-shard-7-0"', '"pin-shard-200-1"', '"pins-1"']) {
      const stale = await client.call("PUT", `${SHARDS}/7`, {
        token,
        body: { sealed: sealed() },
        headers: { "If-Match": tag },
      });
      expectProblem(stale, 412, "precondition-failed");
    }
    // The single copy is another resource: its versions are its own.
    expect((await client.call("GET", PATH, { token })).body).toEqual({ sealed: null, version: 0 });
  });

  it("takes a shard up to 524,288 sealed bytes, and refuses more, no If-Match, or no such shard", async () => {
    const { client, token } = await signUp();
    const full = await client.call("PUT", `${SHARDS}/0`, {
      token,
      body: { sealed: sealed(524_288) },
      headers: { "If-Match": '"pin-shard-0-0"' },
    });
    expect(full.body.version).toBe(1);
    const over = await client.call("PUT", `${SHARDS}/1`, {
      token,
      body: { sealed: sealed(524_289) },
      headers: { "If-Match": '"pin-shard-1-0"' },
    });
    expectProblem(over, 400, "invalid-request");
    expect(pointersOf(over)).toEqual(["/sealed"]);
    const missing = await client.call("PUT", `${SHARDS}/1`, { token, body: { sealed: sealed() } });
    expectProblem(missing, 428, "precondition-required");
    for (const shard of ["256", "-1", "x"]) {
      const res = await client.call("GET", `${SHARDS}/${shard}`, { token });
      expectProblem(res, 400, "invalid-request");
    }
    const anonymous = await new Client().call("GET", SHARDS);
    expectProblem(anonymous, 401, "no-session");
  });

  it("is the caller's own, and a write is announced on the account's feed", async () => {
    const alice = await signUp();
    const mallory = await signUp();
    const feed = await openFeed(alice);
    await alice.client.call("PUT", `${SHARDS}/9`, {
      token: alice.token,
      body: { sealed: sealed() },
      headers: { "If-Match": "*" },
    });
    await feed.until((m) => m.kind === "text" && m.json.type === "account");
    feed.close();
    expect((await mallory.client.call("GET", SHARDS, { token: mallory.token })).body).toEqual({
      shards: [],
    });
    const theirs = await mallory.client.call("GET", `${SHARDS}/9`, { token: mallory.token });
    expect(theirs.body).toEqual({ shard: 9, sealed: null, version: 0 });
  });
});

const device = () => sdkDevice();

const PASSWORD = "pw for key pin tests";
const someone = () => `7d444840-9dc0-11d1-b245-${randomBytes(6).toString("hex")}`;
const key = () => new Uint8Array(randomBytes(32));

async function twoDevices(): Promise<[Session, ApiClient, Session, ApiClient]> {
  const identifier = `pins_${randomBytes(6).toString("hex")}`;
  const laptop = device();
  const { session } = await sdkSignUp(laptop, { identifier, password: PASSWORD });
  const phone = device();
  const other = await signIn(phone, { identifier, password: PASSWORD });
  return [session, laptop, other, phone];
}

describe("syncKeyPins", () => {
  it("carries pins and verifications to the account's other device", async () => {
    const [laptop, laptopApi, phone, phoneApi] = await twoDevices();
    const [bob, carol] = [someone(), someone()];
    const bobKey = key();
    // Bob's key is pinned and verified as a proven look-up and a comparison would (these
    // accounts are made up, so none is in the key-transparency log, which markVerified
    // checks): this test is about carrying pins, not taking them.
    keyPinsOf(laptop).set({ userId: bob, publicKey: bobKey, verified: true });
    keyPinsOf(phone).set({ userId: carol, publicKey: key(), verified: false });

    expect(await syncKeyPins(laptopApi, laptop)).toMatchObject({ wrote: true, withheld: false });
    expect(await syncKeyPins(phoneApi, phone)).toMatchObject({ wrote: true, withheld: false });
    expect(await syncKeyPins(laptopApi, laptop)).toMatchObject({ wrote: false });

    expect(keyPinsOf(phone).get(bob)).toEqual({ userId: bob, publicKey: bobKey, verified: true });
    expect(keyPinsOf(laptop).get(carol)?.verified).toBe(false);
    // Nothing new on either side: no more writes.
    expect(await syncKeyPins(phoneApi, phone)).toMatchObject({ wrote: false, conflicts: [] });
  });

  it("merges again when the other device wrote in between (412), losing neither", async () => {
    const [laptop, laptopApi, phone, phoneApi] = await twoDevices();
    // Two people in one shard (same first byte), one pinned on each device.
    const bob = someone();
    const carol = `${bob.slice(0, 2)}${someone().slice(2)}`;
    keyPinsOf(laptop).set({ userId: bob, publicKey: key(), verified: false });
    keyPinsOf(phone).set({ userId: carol, publicKey: key(), verified: false });
    // Both read the shard at version 0; whichever writes second is refused (412), reads
    // the other's copy, merges and writes version 2 with both people.
    await Promise.all([syncKeyPins(laptopApi, laptop), syncKeyPins(phoneApi, phone)]);
    const [afterLaptop, afterPhone] = [
      await syncKeyPins(laptopApi, laptop),
      await syncKeyPins(phoneApi, phone),
    ];
    expect([afterLaptop.wrote, afterPhone.wrote]).toEqual([false, false]);
    const shard = Number.parseInt(bob.slice(0, 2), 16);
    expect((await laptopApi.call("account.keyPinShard", { shard })).version).toBe(2);
    for (const session of [laptop, phone]) {
      expect(keyPinsOf(session).get(bob)).toBeDefined();
      expect(keyPinsOf(session).get(carol)).toBeDefined();
    }
  });

  it("refuses pins the server made up, keeps this device's own and writes them over it", async () => {
    const [laptop, laptopApi] = await twoDevices();
    const bob = someone();
    const shard = Number.parseInt(bob.slice(0, 2), 16);
    const mine = key();
    keyPinsOf(laptop).set({ userId: bob, publicKey: mine, verified: true });
    // The server (standing in: writes it could make) stores blobs of its own.
    const made = randomBytes(120).toString("base64");
    const anyVersion = { headers: { "If-Match": "*" } };
    await laptopApi.call("account.replaceKeyPins", { sealed: made }, anyVersion);
    await laptopApi.call("account.replaceKeyPinShard", { shard, sealed: made }, anyVersion);
    const result = await syncKeyPins(laptopApi, laptop);
    expect(result).toMatchObject({ unreadable: [shard], written: [shard], withheld: true });
    expect(keyPinsOf(laptop).all()).toEqual([{ userId: bob, publicKey: mine, verified: true }]);
    expect(await syncKeyPins(laptopApi, laptop)).toMatchObject({ unreadable: [], withheld: false });
  });

  it("keeps each device's key for a person the two saw differently, and reports it", async () => {
    const [laptop, laptopApi, phone, phoneApi] = await twoDevices();
    const bob = someone();
    const [real, substituted] = [key(), key()];
    keyPinsOf(laptop).set({ userId: bob, publicKey: real, verified: true });
    await syncKeyPins(laptopApi, laptop);
    // The phone holds the substituted key as an acceptance would have pinned it (made-up
    // accounts are in no key-transparency log, which acceptKeyChange checks).
    keyPinsOf(phone).set({ userId: bob, publicKey: substituted, verified: false });
    const result = await syncKeyPins(phoneApi, phone);
    expect(result.conflicts).toEqual([{ userId: bob, kept: substituted, other: real }]);
    expect(result.wrote).toBe(false);
    expect(keyPinsOf(phone).get(bob)?.publicKey).toEqual(substituted);
    // The stored copy still holds the laptop's verified key.
    await syncKeyPins(laptopApi, laptop);
    expect(keyPinsOf(laptop).get(bob)).toEqual({ userId: bob, publicKey: real, verified: true });
  });

  it("carries 100,000 pins through the server's shards to a new device", async () => {
    const [laptop, laptopApi, phone, phoneApi] = await twoDevices();
    const people = Array.from({ length: 100_000 }, (_, i) => ({
      userId: `${randomBytes(4).toString("hex")}-0000-4000-8000-${i.toString(16).padStart(12, "0")}`,
      publicKey: key(),
      verified: i % 1_000 === 0,
    }));
    for (const pin of people) keyPinsOf(laptop).set(pin);

    const written = await syncKeyPins(laptopApi, laptop);
    const read = await syncKeyPins(phoneApi, phone);

    expect(written.written).toHaveLength(256);
    expect(written.full).toEqual([]);
    expect(read).toMatchObject({ withheld: false, conflicts: [], wrote: false });
    expect(keyPinsOf(phone).all()).toHaveLength(100_000);
    for (const pin of [people[0], people[54_321], people[99_000]])
      expect(keyPinsOf(phone).get(pin?.userId ?? "")).toEqual(pin);
  }, 180_000);
});
