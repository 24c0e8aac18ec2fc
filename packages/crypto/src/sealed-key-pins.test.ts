// Sealed key pins against the independent vector (XChaCha20 built from node:crypto's
// ChaCha20-Poly1305), and what keeps them apart from other things under the master key.
import { describe, expect, it } from "vitest";
import { fromBase64 } from "./base64";
import { DecryptionFailed, InvalidKeyPins } from "./errors";
import { lyingServerVectors } from "./lying-server-vectors";
import { decodeKeyPins, encodeKeyPins, openKeyPins, sealKeyPins } from "./sealed-key-pins";
import { loadSodium } from "./sodium";
import { utf8Decode, utf8Encode } from "./utf8";
import { unwrapKey, wrapKey } from "./wrap-key";

const sodium = await loadSodium();
const v = lyingServerVectors.sealedKeyPins;
const masterKey = fromBase64(v.masterKey);
const safety = lyingServerVectors.safetyNumber;
const pins = [
  { userId: safety.bob.userId, publicKey: fromBase64(safety.bob.publicKey), verified: false },
  { userId: safety.alice.userId, publicKey: fromBase64(safety.alice.publicKey), verified: true },
];

describe("sealed key pins", () => {
  it("reproduces the vector: sorted JSON, sealed with the label as associated data", () => {
    expect(utf8Decode(encodeKeyPins(pins))).toBe(v.plaintext);
    expect(sealKeyPins(sodium, masterKey, pins, fromBase64(v.nonce))).toBe(v.sealed);
    expect(openKeyPins(sodium, masterKey, v.sealed)).toEqual([pins[1], pins[0]]);
  });

  it("is not interchangeable with a key wrap under the same master key", () => {
    const sealed = sealKeyPins(sodium, masterKey, pins);
    expect(() => unwrapKey(sodium, masterKey, sealed)).toThrow(DecryptionFailed);
    const wrap = wrapKey(sodium, masterKey, encodeKeyPins(pins));
    expect(() => openKeyPins(sodium, masterKey, wrap)).toThrow(DecryptionFailed);
    expect(() => openKeyPins(sodium, new Uint8Array(32), sealed)).toThrow(DecryptionFailed);
  });

  it("ignores unknown members and reads a missing verified as false", () => {
    const text = `{"version":1,"extra":0,"pins":[{"userId":"${safety.bob.userId.toUpperCase()}","publicKey":"${safety.bob.publicKey}","seenAt":"x"}]}`;
    expect(decodeKeyPins(utf8Encode(text))).toEqual([{ ...pins[0], verified: false }]);
  });

  it("carries a pinned signing key, written between publicKey and verified", () => {
    const signingPublicKey = new Uint8Array(32).fill(0x90);
    const withSigning = [{ ...pins[1], signingPublicKey } as (typeof pins)[number]];
    const text = utf8Decode(encodeKeyPins(withSigning));
    expect(text).toBe(
      `{"version":1,"pins":[{"userId":"${safety.alice.userId}","publicKey":"${safety.alice.publicKey}","signingPublicKey":"kJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJA=","verified":true}]}`,
    );
    expect(openKeyPins(sodium, masterKey, sealKeyPins(sodium, masterKey, withSigning))).toEqual(
      withSigning,
    );
  });

  it("refuses another version, a malformed id or a short key", () => {
    const bad = [
      '{"version":2,"pins":[]}',
      '{"version":1,"pins":[{"userId":"bob","publicKey":"AAAA"}]}',
      `{"version":1,"pins":[{"userId":"${safety.bob.userId}","publicKey":"AAAA"}]}`,
      `{"version":1,"pins":[{"userId":"${safety.bob.userId}","publicKey":"${safety.bob.publicKey}","signingPublicKey":"AAAA"}]}`,
      `{"version":1,"pins":[{"userId":"${safety.bob.userId}","publicKey":"${safety.bob.publicKey}","signingPublicKey":7}]}`,
      "not json",
    ];
    for (const text of bad)
      expect(() => decodeKeyPins(utf8Encode(text)), text).toThrow(InvalidKeyPins);
  });
});
