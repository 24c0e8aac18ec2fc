// The bridge scheme of §9: 1,024-byte ISO/IEC 7816-4 padding, 1,064-byte sealed
// bodies under the bridge key, and key wraps checked against the epoch fingerprint
// (the epochId vectors of crypto-vectors.json).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sealAead } from "./aead";
import { fromBase64 } from "./base64";
import { generateBridgeKey, openBridgeKey, sealBridgeKey } from "./bridge-key";
import { BRIDGE_PADDED_BYTES, padBridgeMessage, unpadBridgeMessage } from "./bridge-padding";
import { BRIDGE_BODY_BYTES, openTransmission, sealTransmission } from "./bridge-transmission";
import { DecryptionFailed, InvalidEncoding, InvalidLength } from "./errors";
import { loadSodium } from "./sodium";
import { b64, vectors } from "./test-vectors";
import { utf8Decode, utf8Encode } from "./utf8";

const sodium = await loadSodium();
const keyPair = () => {
  const pair = sodium.crypto_box_keypair();
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
};

describe("bridge padding", () => {
  it("appends 0x80 then zeros to exactly 1,024 bytes", () => {
    const padded = padBridgeMessage(utf8Encode("hi"));
    expect(padded.length).toBe(BRIDGE_PADDED_BYTES);
    expect([...padded.subarray(0, 4)]).toEqual([0x68, 0x69, 0x80, 0]);
    expect(padded.subarray(3).every((b) => b === 0)).toBe(true);
  });

  it("round-trips any message of 0–1,023 bytes, trailing zeros included", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1_023 }), (message) => {
        expect(unpadBridgeMessage(padBridgeMessage(message))).toEqual(message);
      }),
    );
  });

  it("refuses a message of 1,024 bytes and padding that is not 7816-4", () => {
    expect(() => padBridgeMessage(new Uint8Array(1_024))).toThrow(InvalidLength);
    expect(() => unpadBridgeMessage(new Uint8Array(1_024))).toThrow(InvalidEncoding);
    const wrongMarker = new Uint8Array(1_024).fill(0x41);
    expect(() => unpadBridgeMessage(wrongMarker)).toThrow(InvalidEncoding);
    expect(() => unpadBridgeMessage(new Uint8Array(100))).toThrow(InvalidLength);
  });
});

describe("bridge transmissions", () => {
  it("seal to exactly 1,064 bytes whatever the length said", () => {
    const { key } = generateBridgeKey(sodium);
    for (const text of ["", "hello", "é".repeat(511)]) {
      const body = sealTransmission(sodium, key, utf8Encode(text));
      expect(fromBase64(body).length).toBe(BRIDGE_BODY_BYTES);
      expect(utf8Decode(openTransmission(sodium, key, body))).toBe(text);
    }
  });

  it("refuse another epoch's key, a flipped byte, and a body without padding", () => {
    const { key } = generateBridgeKey(sodium);
    const body = sealTransmission(sodium, key, utf8Encode("over"));
    expect(() => openTransmission(sodium, generateBridgeKey(sodium).key, body)).toThrow(
      DecryptionFailed,
    );
    const bytes = fromBase64(body);
    bytes[40] = (bytes[40] ?? 0) ^ 1;
    expect(() => openTransmission(sodium, key, Buffer.from(bytes).toString("base64"))).toThrow(
      DecryptionFailed,
    );
    const unpadded = sealAead(sodium, key, new Uint8Array(1_024).fill(7), null);
    expect(() => openTransmission(sodium, key, unpadded)).toThrow(InvalidEncoding);
  });
});

describe("bridge keys", () => {
  it("name a key by the §9 fingerprint (vectors) and open only under it", () => {
    const member = keyPair();
    for (const v of vectors.epochId) {
      const key = b64(v.key);
      const wrapped = sealBridgeKey(sodium, key, member.publicKey);
      expect(openBridgeKey(sodium, wrapped, v.epochId, member)).toEqual(key);
      const other = vectors.epochId.find((o) => o.epochId !== v.epochId)?.epochId ?? "";
      expect(() => openBridgeKey(sodium, wrapped, other, member)).toThrow(DecryptionFailed);
    }
  });

  it("make fresh keys whose epochId is their fingerprint, sealed only to the recipient", () => {
    const a = generateBridgeKey(sodium);
    const b = generateBridgeKey(sodium);
    expect(a.epochId).not.toBe(b.epochId);
    expect(a.epochId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const wrapped = sealBridgeKey(sodium, a.key, keyPair().publicKey);
    expect(() => openBridgeKey(sodium, wrapped, a.epochId, keyPair())).toThrow(DecryptionFailed);
  });
});
