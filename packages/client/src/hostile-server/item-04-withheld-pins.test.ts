// Issue 33, item 4: withhold pins from a new device. Pins travel between an account's
// devices through the server, and docs said withholding them "only delays". It did
// more: a device whose pins the server withheld started trust on first use over, so the
// server could answer its own key for someone the first device had verified by safety
// number, and the new device pinned it. Now an empty pin set for an account that shares
// notes is a lie ("withheld": no one new is pinned), a device whose pins live on the
// server pins no one new before it has read them, and a copy older than one the device
// saw (a lower generation, sealed inside) is refused.
import { loadSodium, openKeyPinShard, type Sodium } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { keyPinsServer } from "../../test/support/hostile-server/key-pins-server";
import { type Person, person } from "../../test/support/hostile-server/sharing-server";
import { fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { KeyPinsWithheld, PublicKeyChanged } from "../errors";
import { resolveUser } from "../sharing/resolve-user";
import { MemoryKeyPins } from "../trust/key-pins";
import { keyPinsStatus, requireKeyPinsRead, trustKeysAfresh } from "../trust/key-pins-gate";
import { syncKeyPins } from "../trust/key-pins-sync";
import { keyTransparencyFor } from "../trust/key-transparency";
import { keyPinsOf, markVerified } from "../trust/pin-check";
import type { Session } from "../vault/session";

let sodium: Sodium;
let bob: Person;
let carol: Person;
let mallory: Person;

beforeAll(async () => {
  sodium = await loadSodium();
  bob = await person("b0000000-0000-4000-8000-00000000000b", "bob", 5);
  carol = await person("c0000000-0000-4000-8000-00000000000c", "carol", 6);
  mallory = await person("ee000000-0000-4000-8000-0000000000ee", "mallory", 66);
});

const SHARED_NOTE = { id: NOTE_ID, memberCount: 2, role: "owner" as const, deleted: false };

async function device(): Promise<Session> {
  return { ...(await fixedSession()), keyPins: new MemoryKeyPins() };
}

/** The laptop verified Bob by safety number; its pins are on the (fake) server. */
async function verifiedOnTheLaptop(notes = [SHARED_NOTE]) {
  const server = keyPinsServer({ people: [bob, carol], attacker: mallory, notes });
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const laptop = await device();
  await markVerified(
    keyPinsOf(laptop),
    bob.userId,
    bob.keyPair.publicKey,
    undefined,
    keyTransparencyFor(api),
  );
  await syncKeyPins(api, laptop);
  return { server, api, laptop };
}

describe("item 4: pins withheld from a new device", () => {
  it("treats no pins at all, for an account that shares notes, as withheld: the look-up pins no one", async () => {
    const { server, api } = await verifiedOnTheLaptop();
    server.lie.withholdAll = true;
    server.lie.substitute.add(bob.userId);
    const phone = await device();

    const result = await syncKeyPins(api, phone);
    const lookup = resolveUser(api, { handle: "bob" }, keyPinsOf(phone));

    expect(result.withheld).toBe(true);
    await expect(lookup).rejects.toBeInstanceOf(KeyPinsWithheld);
    expect(keyPinsOf(phone).get(bob.userId)).toBeUndefined();
    expect(keyPinsStatus(keyPinsOf(phone))).toBe("withheld");
  });

  it("pins no one on a new device before its pins were read: the look-up reads them first", async () => {
    const { server, api } = await verifiedOnTheLaptop();
    server.lie.substitute.add(bob.userId);
    const phone = await device();
    // As the web app arms every session's pins (key-pins-carrier.ts).
    requireKeyPinsRead(keyPinsOf(phone), () => syncKeyPins(api, phone));

    const lookup = resolveUser(api, { handle: "bob" }, keyPinsOf(phone));

    // The read brought Bob's verified pin, so the server's key is a changed key.
    await expect(lookup).rejects.toBeInstanceOf(PublicKeyChanged);
    expect(keyPinsOf(phone).get(bob.userId)).toEqual({
      userId: bob.userId,
      publicKey: bob.keyPair.publicKey,
      verified: true,
    });
  });

  it("still starts afresh for an account that shares nothing, and when the person says so", async () => {
    const { server, api } = await verifiedOnTheLaptop([]);
    server.lie.withholdAll = true;
    const phone = await device();
    expect(await syncKeyPins(api, phone)).toMatchObject({ withheld: false });
    await resolveUser(api, { handle: "carol" }, keyPinsOf(phone));
    expect(keyPinsOf(phone).get(carol.userId)?.publicKey).toEqual(carol.keyPair.publicKey);

    const shares = await verifiedOnTheLaptop();
    shares.server.lie.withholdAll = true;
    const tablet = await device();
    await syncKeyPins(shares.api, tablet);
    trustKeysAfresh(keyPinsOf(tablet));
    await resolveUser(shares.api, { handle: "carol" }, keyPinsOf(tablet));
    expect(keyPinsOf(tablet).get(carol.userId)?.publicKey).toEqual(carol.keyPair.publicKey);
  });

  it("notices a shard the server hides when another shard's map names it", async () => {
    const { server, api, laptop } = await verifiedOnTheLaptop();
    // Carol is pinned in another shard; the laptop's next write names both.
    keyPinsOf(laptop).set({
      userId: carol.userId,
      publicKey: carol.keyPair.publicKey,
      verified: false,
    });
    await syncKeyPins(api, laptop);
    server.lie.hidden.add(0xb0); // Bob's shard
    server.lie.substitute.add(bob.userId);
    const phone = await device();

    const result = await syncKeyPins(api, phone);

    expect(result).toMatchObject({ withheld: true, missing: [0xb0] });
    await expect(resolveUser(api, { handle: "bob" }, keyPinsOf(phone))).rejects.toBeInstanceOf(
      KeyPinsWithheld,
    );
  });

  it("refuses a shard older than one this device saw, and writes its own over it", async () => {
    const server = keyPinsServer({ people: [bob], notes: [SHARED_NOTE] });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const laptop = await device();
    await resolveUser(api, { handle: "bob" }, keyPinsOf(laptop));
    await syncKeyPins(api, laptop); // generation 1: Bob pinned, not verified
    await markVerified(
      keyPinsOf(laptop),
      bob.userId,
      bob.keyPair.publicKey,
      undefined,
      keyTransparencyFor(api),
    );
    await syncKeyPins(api, laptop); // generation 2: verified
    // The server answers generation 1 again, as if the comparison never happened.
    server.lie.replay.set(0xb0, 0);

    const result = await syncKeyPins(api, laptop);

    expect(result.rolledBack).toEqual([0xb0]);
    expect(result.written).toEqual([0xb0]);
    expect(keyPinsOf(laptop).get(bob.userId)?.verified).toBe(true);
    const stored = server.shards.get(0xb0)?.sealed ?? "";
    const rewritten = openKeyPinShard(sodium, laptop.masterKey, 0xb0, stored);
    expect(rewritten.generation).toBe(3);
    expect(rewritten.pins).toEqual([keyPinsOf(laptop).get(bob.userId)]);
  });
});
