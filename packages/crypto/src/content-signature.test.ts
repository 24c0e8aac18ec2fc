// Signature blocks against the independent vector (scripts/lying-server-vectors.mjs:
// node:crypto's Ed25519 and a BLAKE2b written out there), and the bindings a reader
// relies on: a signature moved to another note, kind, key epoch, author or body fails.
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "./base64";
import {
  readSignatureBlock,
  SIGNED_KINDS,
  type SignedContext,
  signatureMessage,
  signContent,
  verifyContent,
} from "./content-signature";
import { InvalidSignature } from "./errors";
import { lyingServerVectors } from "./lying-server-vectors";
import { loadSodium } from "./sodium";

const sodium = await loadSodium();
const v = lyingServerVectors.contentSignature;
const seed = fromBase64(v.seed);
const keys = sodium.crypto_sign_seed_keypair(seed);
const signer = { userId: v.signerId, secretKey: keys.privateKey };
const context: SignedContext = {
  kind: v.kind as SignedContext["kind"],
  scope: v.noteId,
  key: fromBase64(v.contentKey),
};
const body = fromBase64(v.body);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("signContent", () => {
  it("reproduces the vector: message bytes and signature block", () => {
    expect(toBase64(keys.publicKey)).toBe(v.signingPublicKey);
    expect(hex(signatureMessage(sodium, context, v.signerId, body))).toBe(v.messageHex);
    expect(signContent(sodium, signer, context, body)).toBe(v.signatureBlock);
  });

  it("signs a bridge transmission with 16 zero bytes as its scope", () => {
    const message = signatureMessage(
      sodium,
      { kind: "bridgeTransmission", scope: null, key: context.key },
      v.signerId,
      body,
    );
    expect(message.length).toBe(99);
    expect(message[18]).toBe(SIGNED_KINDS.bridgeTransmission);
    expect(message.subarray(19, 35)).toEqual(new Uint8Array(16));
  });
});

describe("verifyContent", () => {
  const block = v.signatureBlock;
  const ok = (overrides: Partial<SignedContext>, data = body, key = keys.publicKey) =>
    verifyContent(sodium, key, block, { ...context, ...overrides }, data);

  it("accepts the signer's own signature", () => {
    expect(ok({})).toBe(true);
  });

  it("refuses it for another note, another kind, another key epoch or another body", () => {
    expect(ok({ scope: "00000000-0000-4000-8000-0000000000ff" })).toBe(false);
    expect(ok({ kind: "snapshot" })).toBe(false);
    expect(ok({ key: new Uint8Array(32).fill(0x77) })).toBe(false);
    expect(
      ok(
        {},
        body.map((b, i) => (i === 0 ? b ^ 1 : b)),
      ),
    ).toBe(false);
  });

  it("refuses it under another signer's key, and a block that names another signer", () => {
    const other = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(0x55));
    expect(ok({}, body, other.publicKey)).toBe(false);
    const renamed = fromBase64(block);
    renamed[15] = (renamed[15] ?? 0) ^ 1;
    expect(verifyContent(sodium, keys.publicKey, toBase64(renamed), context, body)).toBe(false);
  });

  it("treats a malformed block or key as not valid, without throwing", () => {
    expect(verifyContent(sodium, keys.publicKey, "not base64!", context, body)).toBe(false);
    expect(verifyContent(sodium, keys.publicKey, toBase64(new Uint8Array(79)), context, body)).toBe(
      false,
    );
    expect(verifyContent(sodium, new Uint8Array(31), block, context, body)).toBe(false);
  });
});

describe("readSignatureBlock", () => {
  it("names the signer", () => {
    expect(readSignatureBlock(v.signatureBlock).signerId).toBe(v.signerId);
  });

  it("throws InvalidSignature for a wrong length", () => {
    expect(() => readSignatureBlock(toBase64(new Uint8Array(81)))).toThrow(InvalidSignature);
  });
});
