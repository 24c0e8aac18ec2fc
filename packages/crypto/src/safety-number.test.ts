// Fingerprints and safety numbers against the independent vector (node:crypto's
// SHA-512), and the properties people rely on: the same number on both screens, a
// different one when either key or account differs.
import { describe, expect, it } from "vitest";
import { accountFingerprint, groupDigits } from "./account-fingerprint";
import { fromBase64 } from "./base64";
import { InvalidLength, InvalidUserId } from "./errors";
import { lyingServerVectors } from "./lying-server-vectors";
import { safetyNumber } from "./safety-number";
import { loadSodium } from "./sodium";

const sodium = await loadSodium();
const v = lyingServerVectors.safetyNumber;
const alice = { userId: v.alice.userId, publicKey: fromBase64(v.alice.publicKey) };
const bob = { userId: v.bob.userId, publicKey: fromBase64(v.bob.publicKey) };

describe("accountFingerprint with a signing key (version 1)", () => {
  const v1 = lyingServerVectors.safetyNumberV1;
  const withSigning = (a: typeof v1.alice) => ({
    userId: a.userId,
    publicKey: fromBase64(a.publicKey),
    signingPublicKey: fromBase64(a.signingPublicKey),
  });

  it("reproduces the vector: both keys hashed, so a swapped signing key changes the number", () => {
    expect(accountFingerprint(sodium, withSigning(v1.alice))).toBe(v1.alice.fingerprint);
    expect(safetyNumber(sodium, withSigning(v1.alice), withSigning(v1.bob))).toBe(v1.safetyNumber);
    expect(accountFingerprint(sodium, withSigning(v1.alice))).not.toBe(v.alice.fingerprint);
    const swapped = { ...withSigning(v1.alice), signingPublicKey: new Uint8Array(32).fill(1) };
    expect(accountFingerprint(sodium, swapped)).not.toBe(v1.alice.fingerprint);
  });

  it("refuses a signing key that is not 32 bytes", () => {
    const bad = { ...withSigning(v1.alice), signingPublicKey: new Uint8Array(33) };
    expect(() => accountFingerprint(sodium, bad)).toThrow(InvalidLength);
  });
});

describe("accountFingerprint", () => {
  it("reproduces the vector for each account", () => {
    expect(accountFingerprint(sodium, alice)).toBe(v.alice.fingerprint);
    expect(accountFingerprint(sodium, bob)).toBe(v.bob.fingerprint);
  });

  it("binds the account: the same key under another id has another fingerprint", () => {
    const other = accountFingerprint(sodium, { ...bob, publicKey: alice.publicKey });
    expect(other).not.toBe(v.alice.fingerprint);
    expect(accountFingerprint(sodium, { ...alice, userId: alice.userId.toUpperCase() })).toBe(
      v.alice.fingerprint,
    );
  });

  it("refuses a malformed key or user id", () => {
    expect(() => accountFingerprint(sodium, { ...alice, publicKey: new Uint8Array(31) })).toThrow(
      InvalidLength,
    );
    expect(() => accountFingerprint(sodium, { ...alice, userId: "alice" })).toThrow(InvalidUserId);
  });

  it("reads in groups of five", () => {
    expect(groupDigits(v.alice.fingerprint)).toMatch(/^\d{5}( \d{5}){5}$/);
  });
});

describe("safetyNumber", () => {
  it("reproduces the vector and is the same from either side", () => {
    expect(safetyNumber(sodium, alice, bob)).toBe(v.safetyNumber);
    expect(safetyNumber(sodium, bob, alice)).toBe(v.safetyNumber);
    expect(v.safetyNumber).toMatch(/^\d{60}$/);
  });

  it("changes when the server swaps either key", () => {
    const swapped = { ...bob, publicKey: fromBase64(v.alice.publicKey).map((b) => b ^ 0xff) };
    expect(safetyNumber(sodium, alice, swapped)).not.toBe(v.safetyNumber);
  });
});
