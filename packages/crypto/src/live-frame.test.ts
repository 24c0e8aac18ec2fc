import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sealAeadBytes } from "./aead";
import { toBase64 } from "./base64";
import { verifyContent } from "./content-signature";
import { openEnvelope } from "./envelope";
import { DecryptionFailed, InvalidLiveFrame, InvalidNoteId } from "./errors";
import { openLiveFrame, sealLiveFrame, sealSignedLiveUpdate } from "./live-frame";
import { noteAssociatedData } from "./note-id";
import { loadSodium } from "./sodium";
import { key32, mask, plaintext, position } from "./test-arbitraries";

const sodium = await loadSodium();
const NOTE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const OTHER = "00000000-0000-4000-8000-000000000000";
const kind = fc.constantFrom<0 | 1>(0, 1);

describe("live frames: layout", () => {
  it("is raw nonce ‖ ciphertext ‖ tag, the same AEAD as a note envelope over kind ‖ payload", () => {
    const key = new Uint8Array(32).fill(7);
    const nonce = new Uint8Array(24).fill(9);
    const frame = sealLiveFrame(sodium, key, NOTE, 1, Uint8Array.of(0xaa, 0xbb), nonce);
    expect(frame).toBeInstanceOf(Uint8Array);
    expect(frame.length).toBe(24 + 1 + 2 + 16);
    expect(frame.subarray(0, 24)).toEqual(nonce);
    // Base64 of the frame is a valid §9 envelope, so any conforming client can open it.
    expect(openEnvelope(sodium, key, NOTE, toBase64(frame))).toEqual(Uint8Array.of(1, 0xaa, 0xbb));
  });
});

describe("live frames: properties", () => {
  it("open(seal(kind, payload)) = {kind, payload}", () => {
    fc.assert(
      fc.property(key32, kind, plaintext, (key, k, payload) => {
        const frame = sealLiveFrame(sodium, key, NOTE, k, payload);
        const opened = openLiveFrame(sodium, key, NOTE, frame);
        expect(opened.kind).toBe(k);
        expect(opened.payload).toEqual(payload);
      }),
    );
  });

  it("fails under a different key", () => {
    fc.assert(
      fc.property(key32, key32, kind, plaintext, (key, other, k, payload) => {
        fc.pre(!key.every((byte, i) => byte === other[i]));
        const frame = sealLiveFrame(sodium, key, NOTE, k, payload);
        expect(() => openLiveFrame(sodium, other, NOTE, frame)).toThrow(DecryptionFailed);
      }),
    );
  });

  it("fails when any single byte is altered", () => {
    fc.assert(
      fc.property(key32, kind, plaintext, position, mask, (key, k, payload, at, bits) => {
        const frame = sealLiveFrame(sodium, key, NOTE, k, payload);
        const index = at % frame.length;
        frame[index] = (frame[index] ?? 0) ^ bits;
        expect(() => openLiveFrame(sodium, key, NOTE, frame)).toThrow(DecryptionFailed);
      }),
    );
  });

  it("fails in another note's room", () => {
    const key = new Uint8Array(32).fill(1);
    const frame = sealLiveFrame(sodium, key, NOTE, 0, Uint8Array.of(1, 2, 3));
    expect(() => openLiveFrame(sodium, key, OTHER, frame)).toThrow(DecryptionFailed);
  });
});

describe("live frames: kinds", () => {
  const key = new Uint8Array(32).fill(4);

  it("refuses to seal an unknown kind (a signed update goes through sealSignedLiveUpdate)", () => {
    expect(() => sealLiveFrame(sodium, key, NOTE, 2 as 0, new Uint8Array(1))).toThrow(
      InvalidLiveFrame,
    );
  });

  it("carries a signed update as kind 2: the block, then the update, both inside the AEAD", () => {
    const signing = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(3));
    const signer = { userId: OTHER, secretKey: signing.privateKey };
    const update = Uint8Array.of(1, 2, 3, 4);
    const frame = sealSignedLiveUpdate(sodium, key, NOTE, update, signer);
    expect(frame.length).toBe(24 + 1 + 80 + update.length + 16);
    const opened = openLiveFrame(sodium, key, NOTE, frame);
    if (opened.kind !== 2) throw new Error(`kind ${opened.kind}`);
    expect(opened.payload).toEqual(update);
    const context = { kind: "liveUpdate", scope: NOTE, key } as const;
    expect(verifyContent(sodium, signing.publicKey, opened.signature, context, update)).toBe(true);
    // Bound to the update, the note and the key's epoch.
    expect(
      verifyContent(sodium, signing.publicKey, opened.signature, context, Uint8Array.of(9)),
    ).toBe(false);
    expect(
      verifyContent(
        sodium,
        signing.publicKey,
        opened.signature,
        { ...context, key: key.map((b) => b ^ 1) },
        update,
      ),
    ).toBe(false);
  });

  it.each([
    ["an unknown kind", Uint8Array.of(3, 1, 2)],
    ["a kind-2 frame too short for its signature block", Uint8Array.of(2, 1, 2)],
    ["no kind byte at all", new Uint8Array(0)],
  ])("refuses an authentic frame with %s", (_, plain) => {
    const frame = sealAeadBytes(sodium, key, plain, noteAssociatedData(NOTE));
    expect(() => openLiveFrame(sodium, key, NOTE, frame)).toThrow(InvalidLiveFrame);
  });

  it("refuses a truncated frame and a malformed note id", () => {
    expect(() => openLiveFrame(sodium, key, NOTE, new Uint8Array(30))).toThrow(DecryptionFailed);
    expect(() => sealLiveFrame(sodium, key, "room", 0, new Uint8Array(1))).toThrow(InvalidNoteId);
  });
});
