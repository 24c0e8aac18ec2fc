// Issue 33, item 10: pin sync stopped past ~1,000 pins. The pins travelled as one sealed
// copy, capped at 196,608 bytes, and anyone could push an account there by sharing with
// it (each share's roster pins its sender). Now they travel in 256 shards, each sealed on
// its own with its shard number bound, so 100,000 pins sync, a change rewrites one shard,
// and a shard cannot be served in another's place. The fake server keeps the real caps.
import { loadSodium, sealKeyPins } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { keyPinsServer } from "../../test/support/hostile-server/key-pins-server";
import { keyLogChecker } from "../../test/support/key-log";
import { fixedSession } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { MemoryKeyPins, type PinnedKey } from "../trust/key-pins";
import { syncKeyPins } from "../trust/key-pins-sync";
import { markVerified } from "../trust/pin-check";
import type { Session } from "../vault/session";

const PEOPLE = 100_000;
const SHARD_CAP = 524_288;

/** The i-th account id: its first byte spread over every shard, unique by its tail. */
const idOf = (i: number) =>
  `${((i * 2_654_435_761) >>> 0).toString(16).padStart(8, "0")}-0000-4000-8000-${i.toString(16).padStart(12, "0")}`;
const randomKey = () => crypto.getRandomValues(new Uint8Array(32));

function manyPins(count: number): PinnedKey[] {
  return Array.from({ length: count }, (_, i) => ({
    userId: idOf(i),
    publicKey: randomKey(),
    ...(i % 2 === 0 && { signingPublicKey: randomKey() }),
    verified: false,
  }));
}

async function device(pins: PinnedKey[] = []): Promise<Session> {
  return { ...(await fixedSession()), keyPins: new MemoryKeyPins(pins) };
}

const sealedBytesOf = (body: Record<string, unknown> | undefined) =>
  Buffer.from(String(body?.sealed), "base64").length;

describe("item 10: pins at scale", () => {
  it("carries 100,000 pins (a flood of shares) and a verification to a new device", async () => {
    const server = keyPinsServer({});
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const flood = manyPins(PEOPLE);
    const laptop = await device(flood);
    const friend = flood[12_345] as PinnedKey;
    await markVerified(
      laptop.keyPins as MemoryKeyPins,
      friend.userId,
      friend.publicKey,
      friend.signingPublicKey,
      keyLogChecker([friend]),
    );

    const first = await syncKeyPins(api, laptop);

    expect(first.written).toHaveLength(256);
    const puts = server.seen.filter((r) => r.method === "PUT");
    expect(puts).toHaveLength(256);
    for (const put of puts) expect(sealedBytesOf(put.body)).toBeLessThanOrEqual(SHARD_CAP);
    const phone = await device();
    const second = await syncKeyPins(api, phone);
    expect(second).toMatchObject({ withheld: false, wrote: false, conflicts: [] });
    const carried = phone.keyPins?.all() ?? [];
    expect(carried).toHaveLength(PEOPLE);
    expect(phone.keyPins?.get(friend.userId)).toEqual({ ...friend, verified: true });
    const sample = flood[99_999] as PinnedKey;
    expect(phone.keyPins?.get(sample.userId)).toEqual(sample);
  }, 120_000);

  it("rewrites one shard for one new verification among 100,000 pins", async () => {
    const server = keyPinsServer({});
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const flood = manyPins(PEOPLE);
    const laptop = await device(flood);
    await syncKeyPins(api, laptop);
    const before = server.seen.length;

    const friend = flood[777] as PinnedKey;
    await markVerified(
      laptop.keyPins as MemoryKeyPins,
      friend.userId,
      friend.publicKey,
      friend.signingPublicKey,
      keyLogChecker([friend]),
    );
    const next = await syncKeyPins(api, laptop);

    expect(next.written).toEqual([Number.parseInt(friend.userId.slice(0, 2), 16)]);
    const requests = server.seen.slice(before);
    // The list, then one write: nothing else moved, so nothing else is read.
    expect(requests.map((r) => r.method)).toEqual(["GET", "PUT"]);
    expect(sealedBytesOf(requests[1]?.body)).toBeLessThan(64 * 1024);
  }, 120_000);

  it("opens no shard served in another's place: the pins in it are not taken", async () => {
    const server = keyPinsServer({});
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const pins = manyPins(2_000);
    await syncKeyPins(api, await device(pins));
    // The server answers shard 5's sealed copy as shard 6.
    const five = server.shards.get(5);
    const six = server.shards.get(6);
    if (!five || !six) throw new Error("both shards hold pins");
    server.shards.set(6, { ...five, version: six.version });

    const phone = await device();
    const result = await syncKeyPins(api, phone);

    expect(result.unreadable).toEqual([6]);
    expect(result.withheld).toBe(true);
    const shardOf = (p: PinnedKey) => Number.parseInt(p.userId.slice(0, 2), 16);
    expect(phone.keyPins?.all().some((p) => shardOf(p) === 6)).toBe(false);
    expect(phone.keyPins?.all().filter((p) => shardOf(p) === 5).length).toBeGreaterThan(0);
  }, 60_000);

  it("reads an older client's single copy once and carries its pins on in shards", async () => {
    const server = keyPinsServer({});
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const older = manyPins(3);
    const session = await device();
    const sodium = await loadSodium();
    await api.call(
      "account.replaceKeyPins",
      { sealed: sealKeyPins(sodium, session.masterKey, older) },
      { headers: { "If-Match": '"pins-0"' } },
    );

    const result = await syncKeyPins(api, session);
    expect(session.keyPins?.all()).toHaveLength(3);
    expect(result.written).toHaveLength(3);
    await syncKeyPins(api, session);
    const singleReads = server.seen.filter((r) => r.path === "/v1/account/key-pins");
    expect(singleReads.filter((r) => r.method === "GET")).toHaveLength(1);
    expect(singleReads.filter((r) => r.method === "PUT")).toHaveLength(1); // the older client's
    expect(server.shards.size).toBe(3);
  });
});
