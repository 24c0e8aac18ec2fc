// Trust on first use: the first key seen is pinned, the same key passes, another is
// refused with both fingerprints until the person accepts it; verifying needs the
// pinned key. The safety number reads the same from both accounts.
import { loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { PublicKeyChanged } from "../errors";
import type { Session } from "../vault/session";
import { MemoryKeyPins } from "./key-pins";
import {
  acceptKeyChange,
  checkSeenKey,
  keyFingerprint,
  keyPinsOf,
  markVerified,
} from "./pin-check";
import { safetyNumberWith } from "./safety-number";

const sodium = await loadSodium();
const CAROL = "00000000-0000-4000-8000-00000000000c";
const real = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(6)).publicKey;
const other = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(66)).publicKey;

describe("checkSeenKey", () => {
  it("pins the first key, passes it again, and refuses another with both fingerprints", async () => {
    const pins = new MemoryKeyPins();
    const heard: string[] = [];
    pins.onChange((pin) => heard.push(pin.userId));
    expect(await checkSeenKey(pins, CAROL.toUpperCase(), real)).toEqual(real);
    expect(await checkSeenKey(pins, CAROL, real)).toEqual(real);
    expect(heard).toEqual([CAROL]);
    const refused = checkSeenKey(pins, CAROL, other);
    await expect(refused).rejects.toBeInstanceOf(PublicKeyChanged);
    await expect(refused).rejects.toMatchObject({
      userId: CAROL,
      pinnedFingerprint: await keyFingerprint(CAROL, real),
      newFingerprint: await keyFingerprint(CAROL, other),
      newPublicKey: other,
    });
    expect(pins.get(CAROL)).toEqual({ userId: CAROL, publicKey: real, verified: false });
  });

  it("takes a new key only after acceptKeyChange, unverified again", async () => {
    const pins = new MemoryKeyPins();
    await markVerified(pins, CAROL, real);
    expect(pins.get(CAROL)?.verified).toBe(true);
    await expect(markVerified(pins, CAROL, other)).rejects.toBeInstanceOf(PublicKeyChanged);
    acceptKeyChange(pins, CAROL, other);
    expect(await checkSeenKey(pins, CAROL, other)).toEqual(other);
    expect(pins.get(CAROL)?.verified).toBe(false);
  });

  it("fingerprints read as six groups of five digits", async () => {
    expect(await keyFingerprint(CAROL, real)).toMatch(/^\d{5}( \d{5}){5}$/);
  });
});

describe("keyPinsOf and safetyNumberWith", () => {
  const signingOf = (seed: number) =>
    sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(seed)).publicKey;
  const sessionOf = (userId: string, publicKey: Uint8Array, signingPublicKey = signingOf(1)) =>
    ({
      account: { id: userId },
      keyPair: { publicKey },
      signingKeyPair: { publicKey: signingPublicKey },
    }) as unknown as Session;

  it("gives a session without pins one store for its life", () => {
    const session = sessionOf(CAROL, real);
    expect(keyPinsOf(session)).toBe(keyPinsOf(session));
  });

  it("is the same 60 digits on both sides, and covers both signing keys", async () => {
    const ALICE = "00000000-0000-4000-8000-00000000000a";
    const alice = sessionOf(ALICE, other, signingOf(2));
    const carol = sessionOf(CAROL, real, signingOf(3));
    const carolKeys = { userId: CAROL, publicKey: real, signingPublicKey: signingOf(3) };
    const seenByAlice = await safetyNumberWith(alice, carolKeys);
    expect(seenByAlice).toMatch(/^\d{5}( \d{5}){11}$/);
    const aliceKeys = { userId: ALICE, publicKey: other, signingPublicKey: signingOf(2) };
    expect(await safetyNumberWith(carol, aliceKeys)).toBe(seenByAlice);
    // A substituted signing key shows as another number.
    const swapped = { ...carolKeys, signingPublicKey: signingOf(9) };
    expect(await safetyNumberWith(alice, swapped)).not.toBe(seenByAlice);
  });
});
