// The signing key from the master key, against the independent vector (node:crypto's
// HKDF and Ed25519, scripts/lying-server-vectors.mjs).
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "./base64";
import { InvalidLength } from "./errors";
import { lyingServerVectors } from "./lying-server-vectors";
import { deriveSigningKeyPair } from "./signing-keypair";
import { loadSodium } from "./sodium";

const sodium = await loadSodium();
const v = lyingServerVectors.signingKey;

describe("deriveSigningKeyPair", () => {
  it("reproduces the vector: HKDF(masterKey, notes/signing-key/v1) as the Ed25519 seed", async () => {
    const pair = await deriveSigningKeyPair(sodium, fromBase64(v.masterKey));
    expect(toBase64(pair.publicKey)).toBe(v.signingPublicKey);
    expect(toBase64(pair.secretKey.subarray(0, 32))).toBe(v.seed);
  });

  it("is the same on every device of the account, and differs between accounts", async () => {
    const one = await deriveSigningKeyPair(sodium, fromBase64(v.masterKey));
    const again = await deriveSigningKeyPair(sodium, fromBase64(v.masterKey));
    const other = await deriveSigningKeyPair(sodium, new Uint8Array(32).fill(0xee));
    expect(again.publicKey).toEqual(one.publicKey);
    expect(other.publicKey).not.toEqual(one.publicKey);
  });

  it("refuses a master key that is not 32 bytes", async () => {
    await expect(deriveSigningKeyPair(sodium, new Uint8Array(31))).rejects.toThrow(InvalidLength);
  });
});
