// The account's sealed key pins (issue 21; docs/client-crypto.md, "Pinned keys",
// Syncing): GET/PUT /v1/account/key-pins over HTTP (ETag, If-Match, If-None-Match,
// the problems, another account, the feed's account event), and the SDK's
// syncKeyPins carrying pins and verifications between two devices of one account.
import { randomBytes } from "node:crypto";
import {
  type ApiClient,
  acceptKeyChange,
  keyPinsOf,
  markVerified,
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
    await markVerified(keyPinsOf(laptop), bob, bobKey);
    keyPinsOf(phone).set({ userId: carol, publicKey: key(), verified: false });

    expect(await syncKeyPins(laptopApi, laptop)).toMatchObject({ wrote: true, version: 1 });
    expect(await syncKeyPins(phoneApi, phone)).toMatchObject({ wrote: true, version: 2 });
    expect(await syncKeyPins(laptopApi, laptop)).toMatchObject({ wrote: false, version: 2 });

    expect(keyPinsOf(phone).get(bob)).toEqual({ userId: bob, publicKey: bobKey, verified: true });
    expect(keyPinsOf(laptop).get(carol)?.verified).toBe(false);
    // Nothing new on either side: no more writes.
    expect(await syncKeyPins(phoneApi, phone)).toMatchObject({ wrote: false, conflicts: [] });
  });

  it("merges again when the other device wrote in between (412), losing neither", async () => {
    const [laptop, laptopApi, phone, phoneApi] = await twoDevices();
    const [bob, carol] = [someone(), someone()];
    keyPinsOf(laptop).set({ userId: bob, publicKey: key(), verified: false });
    keyPinsOf(phone).set({ userId: carol, publicKey: key(), verified: false });
    // Both read version 0; whichever writes second is refused (412), reads the other's
    // copy, merges and writes version 2 with both people.
    await Promise.all([syncKeyPins(laptopApi, laptop), syncKeyPins(phoneApi, phone)]);
    const [afterLaptop, afterPhone] = [
      await syncKeyPins(laptopApi, laptop),
      await syncKeyPins(phoneApi, phone),
    ];
    expect([afterLaptop.version, afterPhone.version]).toEqual([2, 2]);
    expect([afterLaptop.wrote, afterPhone.wrote]).toEqual([false, false]);
    for (const session of [laptop, phone]) {
      expect(keyPinsOf(session).get(bob)).toBeDefined();
      expect(keyPinsOf(session).get(carol)).toBeDefined();
    }
  });

  it("refuses pins the server made up, and keeps this device's own", async () => {
    const [laptop, laptopApi] = await twoDevices();
    const bob = someone();
    const mine = key();
    keyPinsOf(laptop).set({ userId: bob, publicKey: mine, verified: true });
    // The server (standing in: a write it could make) stores a blob of its own.
    await laptopApi.call(
      "account.replaceKeyPins",
      { sealed: randomBytes(120).toString("base64") },
      { headers: { "If-Match": "*" } },
    );
    await expect(syncKeyPins(laptopApi, laptop)).rejects.toMatchObject({
      name: "DecryptionFailed",
    });
    expect(keyPinsOf(laptop).all()).toEqual([{ userId: bob, publicKey: mine, verified: true }]);
  });

  it("keeps each device's key for a person the two saw differently, and reports it", async () => {
    const [laptop, laptopApi, phone, phoneApi] = await twoDevices();
    const bob = someone();
    const [real, substituted] = [key(), key()];
    keyPinsOf(laptop).set({ userId: bob, publicKey: real, verified: true });
    await syncKeyPins(laptopApi, laptop);
    acceptKeyChange(keyPinsOf(phone), bob, substituted);
    const result = await syncKeyPins(phoneApi, phone);
    expect(result.conflicts).toEqual([{ userId: bob, kept: substituted, other: real }]);
    expect(result.wrote).toBe(false);
    expect(keyPinsOf(phone).get(bob)?.publicKey).toEqual(substituted);
    // The stored copy still holds the laptop's verified key.
    await syncKeyPins(laptopApi, laptop);
    expect(keyPinsOf(laptop).get(bob)).toEqual({ userId: bob, publicKey: real, verified: true });
  });
});
