import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DecryptionFailed, InvalidEncoding, InvalidLength } from "./errors";
import { loadSodium } from "./sodium";
import { flipByte, key32, mask, plaintext, position } from "./test-arbitraries";
import { b64, vectors } from "./test-vectors";
import { generateKey, unwrapKey, wrapKey } from "./wrap-key";

const sodium = await loadSodium();

describe("wrapKey / unwrapKey: vectors", () => {
  const m = vectors.masterKey;
  const k = vectors.keypair;

  it.each([
    ["master key under the password wrap key", m.wrapKey, m.masterKey, m.nonce, m.wrappedMasterKey],
    [
      "master key under the recovery wrap key",
      m.recoveryWrapKey,
      m.masterKey,
      m.recoveryNonce,
      m.recoveryWrappedMasterKey,
    ],
    ["private key under the master key", k.masterKey, k.privateKey, k.nonce, k.wrappedPrivateKey],
  ])("%s", (_, key, secret, nonce, wrapped) => {
    expect(wrapKey(sodium, b64(key), b64(secret), b64(nonce))).toBe(wrapped);
    expect(unwrapKey(sodium, b64(key), wrapped)).toEqual(b64(secret));
  });
});

describe("wrapKey / unwrapKey: properties", () => {
  it("unwrap(wrap(x)) = x", () => {
    fc.assert(
      fc.property(key32, plaintext, (key, secret) => {
        expect(unwrapKey(sodium, key, wrapKey(sodium, key, secret))).toEqual(secret);
      }),
    );
  });

  it("uses a fresh nonce every time", () => {
    const key = generateKey(sodium);
    const secret = generateKey(sodium);
    expect(wrapKey(sodium, key, secret)).not.toBe(wrapKey(sodium, key, secret));
  });

  it("fails when any single byte is altered", () => {
    fc.assert(
      fc.property(key32, plaintext, position, mask, (key, secret, at, bits) => {
        const tampered = flipByte(wrapKey(sodium, key, secret), at, bits);
        expect(() => unwrapKey(sodium, key, tampered)).toThrow(DecryptionFailed);
      }),
    );
  });

  it("fails under another key", () => {
    fc.assert(
      fc.property(key32, key32, plaintext, (key, other, secret) => {
        fc.pre(!key.every((byte, i) => byte === other[i]));
        expect(() => unwrapKey(sodium, other, wrapKey(sodium, key, secret))).toThrow(
          DecryptionFailed,
        );
      }),
    );
  });

  it("rejects truncated, malformed and wrongly-sized inputs", () => {
    const key = generateKey(sodium);
    const wrapped = wrapKey(sodium, key, new Uint8Array(0));
    expect(() => unwrapKey(sodium, key, wrapped.slice(0, 52))).toThrow(DecryptionFailed);
    expect(() => unwrapKey(sodium, key, `${wrapped}!`)).toThrow(InvalidEncoding);
    expect(() => wrapKey(sodium, new Uint8Array(16), key)).toThrow(InvalidLength);
    expect(() => wrapKey(sodium, key, key, new Uint8Array(12))).toThrow(InvalidLength);
  });
});
