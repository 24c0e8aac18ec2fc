// Version 2 of a transmission's plaintext: the vector (scripts/lying-server-vectors.mjs,
// sealed there with an XChaCha20-Poly1305 built from node:crypto's ChaCha20), and the
// rules a reader relies on: version 1 text reads as before, a header cannot be mistaken
// for text, and a short or unknown header is refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromBase64 } from "./base64";
import {
  BRIDGE_HEADER_BYTES,
  BRIDGE_MAX_TEXT_BYTES,
  decodeBridgeMessage,
  encodeBridgeMessage,
} from "./bridge-message";
import { openTransmission, sealTransmission } from "./bridge-transmission";
import { verifyContent } from "./content-signature";
import { InvalidEncoding, InvalidLength } from "./errors";
import { lyingServerVectors } from "./lying-server-vectors";
import { loadSodium } from "./sodium";
import { utf8Decode, utf8Encode } from "./utf8";

const sodium = await loadSodium();
const v = lyingServerVectors.bridgeMessageV2;
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const key = fromBase64(v.bridgeKey);

describe("encodeBridgeMessage", () => {
  it("reproduces the vector: header, sealed body and its signature", () => {
    const message = encodeBridgeMessage({
      id: v.messageId,
      sentAt: v.sentAt,
      signed: v.signed,
      text: utf8Encode(v.text),
    });
    expect(hex(message)).toBe(v.messageHex);
    expect(sealTransmission(sodium, key, message, fromBase64(v.nonce))).toBe(v.body);
    const seed = fromBase64(lyingServerVectors.bridgeHandout.seed);
    const { publicKey } = sodium.crypto_sign_seed_keypair(seed);
    const context = { kind: "bridgeTransmission", scope: null, key } as const;
    expect(verifyContent(sodium, publicKey, v.signatureBlock, context, fromBase64(v.body))).toBe(
      true,
    );
  });

  it("holds 996 bytes of text, not one more", () => {
    const base = { id: v.messageId, sentAt: 0, signed: false };
    expect(BRIDGE_HEADER_BYTES).toBe(27);
    expect(BRIDGE_MAX_TEXT_BYTES).toBe(996);
    const full = encodeBridgeMessage({ ...base, text: new Uint8Array(996).fill(0x61) });
    expect(sealTransmission(sodium, key, full)).toHaveLength(Math.ceil(1_064 / 3) * 4);
    expect(() => encodeBridgeMessage({ ...base, text: new Uint8Array(997) })).toThrow(
      InvalidLength,
    );
    expect(() => encodeBridgeMessage({ ...base, sentAt: -1, text: new Uint8Array() })).toThrow(
      InvalidEncoding,
    );
  });
});

describe("decodeBridgeMessage", () => {
  it("opens the vector's body into its id, time, flag and text", () => {
    const read = decodeBridgeMessage(openTransmission(sodium, key, v.body));
    expect(read).toMatchObject({ version: 2, id: v.messageId, sentAt: v.sentAt, signed: true });
    expect(utf8Decode(read.text)).toBe(v.text);
  });

  it("reads any UTF-8 text as version 1, unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        const bytes = utf8Encode(text);
        expect(decodeBridgeMessage(bytes)).toEqual({ version: 1, text: bytes });
      }),
    );
  });

  it("round-trips version 2, and refuses an unknown version or a short header", () => {
    const message = { id: v.messageId, sentAt: 12, signed: false, text: utf8Encode("hi") };
    expect(decodeBridgeMessage(encodeBridgeMessage(message))).toEqual({ version: 2, ...message });
    expect(() => decodeBridgeMessage(Uint8Array.of(0xff, 0x03, 0))).toThrow(InvalidEncoding);
    expect(() => decodeBridgeMessage(Uint8Array.of(0xff, 0x02, 1, 2, 3))).toThrow(InvalidEncoding);
    const late = encodeBridgeMessage(message);
    late.fill(0xff, 19, 27);
    expect(() => decodeBridgeMessage(late)).toThrow(InvalidEncoding);
  });
});
