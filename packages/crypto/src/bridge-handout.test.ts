// Signed bridge key handouts against the independent vector (scripts/lying-server-vectors.mjs:
// node:crypto's Ed25519, a BLAKE2b written out there), and what a member relies on: a
// handout moved to another number, key, person, public key or wrap does not verify.
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "./base64";
import {
  assertEpochNumber,
  BRIDGE_HANDOUT_MESSAGE_BYTES,
  type BridgeHandout,
  bridgeHandoutMessage,
  signBridgeHandout,
  verifyBridgeHandout,
} from "./bridge-handout";
import { deriveEpochId } from "./epoch-id";
import { InvalidEncoding } from "./errors";
import { lyingServerVectors } from "./lying-server-vectors";
import { loadSodium } from "./sodium";

const sodium = await loadSodium();
const v = lyingServerVectors.bridgeHandout;
const keys = sodium.crypto_sign_seed_keypair(fromBase64(v.seed));
const signer = { userId: v.signerId, secretKey: keys.privateKey };
const handout: BridgeHandout = {
  epochNumber: v.epochNumber,
  key: fromBase64(v.bridgeKey),
  recipientId: v.recipientId,
  recipientPublicKey: fromBase64(v.recipientPublicKey),
  wrappedKey: v.wrappedKey,
};
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("signBridgeHandout", () => {
  it("reproduces the vector: 143 message bytes and the signature block", () => {
    expect(toBase64(keys.publicKey)).toBe(v.signingPublicKey);
    expect(deriveEpochId(sodium, handout.key)).toBe(v.epochId);
    const message = bridgeHandoutMessage(sodium, handout, v.signerId);
    expect(message.length).toBe(BRIDGE_HANDOUT_MESSAGE_BYTES);
    expect(hex(message)).toBe(v.messageHex);
    expect(signBridgeHandout(sodium, signer, handout)).toBe(v.signatureBlock);
  });

  it("refuses an epoch number that is not a whole number from 1 to 2^53 − 1", () => {
    for (const n of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN])
      expect(() => assertEpochNumber(n)).toThrow(InvalidEncoding);
    expect(() => signBridgeHandout(sodium, signer, { ...handout, epochNumber: 0 })).toThrow(
      InvalidEncoding,
    );
  });
});

describe("verifyBridgeHandout", () => {
  const ok = (overrides: Partial<BridgeHandout>, key = keys.publicKey, block = v.signatureBlock) =>
    verifyBridgeHandout(sodium, key, block, { ...handout, ...overrides });

  it("accepts the signer's handout", () => {
    expect(ok({})).toBe(true);
  });

  it("refuses it for another number, key, recipient, public key or wrap", () => {
    expect(ok({ epochNumber: v.epochNumber + 1 })).toBe(false);
    expect(ok({ key: new Uint8Array(32).fill(9) })).toBe(false);
    expect(ok({ recipientId: v.signerId })).toBe(false);
    expect(ok({ recipientPublicKey: new Uint8Array(32).fill(9) })).toBe(false);
    expect(ok({ wrappedKey: toBase64(new Uint8Array(80)) })).toBe(false);
  });

  it("refuses another signer's key, a block naming someone else, and malformed blocks", () => {
    expect(ok({}, sodium.crypto_sign_keypair().publicKey)).toBe(false);
    const renamed = fromBase64(v.signatureBlock);
    renamed[15] = 0x0b;
    expect(ok({}, keys.publicKey, toBase64(renamed))).toBe(false);
    expect(ok({}, keys.publicKey, "not base64")).toBe(false);
    expect(ok({}, keys.publicKey, toBase64(new Uint8Array(79)))).toBe(false);
    expect(ok({}, new Uint8Array(31))).toBe(false);
  });

  it("is not a content signature: a transmission's block over the same key does not pass", () => {
    const transmissionBlock = lyingServerVectors.bridgeMessageV2.signatureBlock;
    expect(ok({}, keys.publicKey, transmissionBlock)).toBe(false);
  });
});
