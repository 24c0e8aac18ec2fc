// Trust on first use: the first key seen is pinned, the same key passes, another is
// refused with both fingerprints until the person accepts it; verifying needs the
// pinned key. The safety number reads the same from both accounts.
import { loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { keyLogChecker, TestKeyLog } from "../../test/support/key-log";
import { KeyTransparencyFailed, PublicKeyChanged } from "../errors";
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
const signing = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(67)).publicKey;
// The log holds Carol's real key (issue 34): a first sight is pinned only once proven.
const logged = () => keyLogChecker([{ userId: CAROL, publicKey: real }]);

describe("checkSeenKey", () => {
  it("pins the first key, passes it again, and refuses another with both fingerprints", async () => {
    const pins = new MemoryKeyPins();
    const heard: string[] = [];
    pins.onChange((pin) => heard.push(pin.userId));
    await expect(checkSeenKey(pins, CAROL, real)).rejects.toMatchObject({ reason: "required" });
    const kt = logged();
    await expect(checkSeenKey(pins, CAROL, other, undefined, kt)).rejects.toBeInstanceOf(
      KeyTransparencyFailed,
    );
    expect(pins.get(CAROL)).toBeUndefined();
    expect(await checkSeenKey(pins, CAROL.toUpperCase(), real, undefined, kt)).toEqual(real);
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
    const log = new TestKeyLog();
    const kt = keyLogChecker([{ userId: CAROL, publicKey: real }], log);
    await markVerified(pins, CAROL, real, undefined, kt);
    expect(pins.get(CAROL)?.verified).toBe(true);
    await expect(markVerified(pins, CAROL, other, undefined, kt)).rejects.toBeInstanceOf(
      KeyTransparencyFailed,
    );
    log.publish(CAROL, { publicKey: other });
    await expect(markVerified(pins, CAROL, other, undefined, kt)).rejects.toBeInstanceOf(
      PublicKeyChanged,
    );
    await acceptKeyChange(pins, CAROL, other, undefined, kt);
    expect(await checkSeenKey(pins, CAROL, other)).toEqual(other);
    expect(pins.get(CAROL)?.verified).toBe(false);
  });

  it("fingerprints read as six groups of five digits", async () => {
    expect(await keyFingerprint(CAROL, real)).toMatch(/^\d{5}( \d{5}){5}$/);
  });
});

// Issue 34, "done means": no key is pinned without a verified inclusion proof. The
// person's override (acceptKeyChange) and a comparison (markVerified) used to pin what
// they were handed; now each proves the keys in the log first.
describe("acceptKeyChange and markVerified go through the key-transparency log", () => {
  it("acceptKeyChange refuses a key the log does not hold for the account, and keeps the old pin", async () => {
    const pins = new MemoryKeyPins([{ userId: CAROL, publicKey: real, verified: true }]);
    const kt = logged();
    const refused = acceptKeyChange(pins, CAROL, other, undefined, kt);
    await expect(refused).rejects.toMatchObject({ reason: "key-mismatch", userId: CAROL });
    await expect(acceptKeyChange(pins, CAROL, other, undefined, undefined)).rejects.toMatchObject({
      reason: "required",
    });
    expect(pins.get(CAROL)).toEqual({ userId: CAROL, publicKey: real, verified: true });
    await expect(checkSeenKey(pins, CAROL, other)).rejects.toBeInstanceOf(PublicKeyChanged);
  });

  it("acceptKeyChange pins the new key once the log holds it, with the signing key logged beside it", async () => {
    const pins = new MemoryKeyPins([{ userId: CAROL, publicKey: real, verified: true }]);
    const log = new TestKeyLog();
    const kt = keyLogChecker([{ userId: CAROL, publicKey: real }], log);
    log.publish(CAROL, { publicKey: other, signingPublicKey: signing });
    await acceptKeyChange(pins, CAROL, other, undefined, kt);
    expect(pins.get(CAROL)).toEqual({
      userId: CAROL,
      publicKey: other,
      signingPublicKey: signing,
      verified: false,
    });
  });

  it("markVerified refuses to verify a pinned key the log does not hold (a pin made before the log)", async () => {
    const pins = new MemoryKeyPins([{ userId: CAROL, publicKey: other, verified: false }]);
    const refused = markVerified(pins, CAROL, other, undefined, logged());
    await expect(refused).rejects.toMatchObject({ reason: "key-mismatch" });
    expect(pins.get(CAROL)?.verified).toBe(false);
    await expect(markVerified(pins, CAROL, other, undefined, undefined)).rejects.toMatchObject({
      reason: "required",
    });
  });

  it("markVerified checks the pinned signing key too when none is named", async () => {
    const pins = new MemoryKeyPins([
      { userId: CAROL, publicKey: real, signingPublicKey: signing, verified: false },
    ]);
    // The log holds Carol's sharing key with no signing key: the pinned one is unproven.
    await expect(markVerified(pins, CAROL, real, undefined, logged())).rejects.toMatchObject({
      reason: "key-mismatch",
    });
    expect(pins.get(CAROL)?.verified).toBe(false);
    const kt = keyLogChecker([{ userId: CAROL, publicKey: real, signingPublicKey: signing }]);
    await markVerified(pins, CAROL, real, undefined, kt);
    expect(pins.get(CAROL)?.verified).toBe(true);
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
