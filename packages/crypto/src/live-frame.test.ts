import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sealAeadBytes } from "./aead";
import { toBase64 } from "./base64";
import { signatureMessage, verifyContent } from "./content-signature";
import { openEnvelope } from "./envelope";
import { DecryptionFailed, InvalidLiveFrame, InvalidNoteId } from "./errors";
import {
  openLiveFrame,
  SEEN_HEAD_BYTES,
  sealLiveFrame,
  sealSignedLiveUpdate,
  sealSignedSeenHead,
} from "./live-frame";
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
    ["an unknown kind", Uint8Array.of(4, 1, 2)],
    ["a kind-2 frame too short for its signature block", Uint8Array.of(2, 1, 2)],
    ["a kind-3 frame of another length than block ‖ seen head", Uint8Array.of(3, 1, 2)],
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

// docs/key-transparency.md, "Comparing heads": the known answer of a kind-3 frame, the
// seen head of kt-vectors.json's epoch 2 signed by the signing key of seed 3…3 (account
// 00000000-0000-4000-8000-000000000000) under key 4…4, nonce 9…9.
describe("live frames: kind 3, the key-transparency head seen", () => {
  const key = new Uint8Array(32).fill(4);
  const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
  const seen = Buffer.from(
    "00000000000000026266506b8318cd36e9079c960239790d7ed5de863795e260bf48b78781602bbb",
    "hex",
  );
  const signing = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(3));
  const signer = { userId: OTHER, secretKey: signing.privateKey };
  const context = { kind: "seenHead", scope: NOTE, key } as const;

  it("signs u64 epoch ‖ log root as kind byte 9, and seals 0x03 ‖ block ‖ seen head", () => {
    expect(hex(signatureMessage(sodium, context, OTHER, seen))).toBe(
      "6e6f7465732f7369676e61747572652f7631097d4448409dc011d1b2455ffdce74fad2" +
        "93975daacc7360e49e74d3e23b95cc2b000000000000400080000000000000001250c0715e4fbed2" +
        "167d3c75f4c82d55014f83f9c57b4727149382b37e5210b5",
    );
    const frame = sealSignedSeenHead(sodium, key, NOTE, seen, signer, new Uint8Array(24).fill(9));
    expect(frame.length).toBe(24 + 1 + 80 + SEEN_HEAD_BYTES + 16);
    expect(hex(frame)).toBe(
      "0909090909090909090909090909090909090909090909092e442dc8a40bd83402d4524c971e5d3e" +
        "de8fbc61d591a315cc03e8430ddcbac6ebfca532b2bb63214a95258c143c3442cbaad84dc8c1481a" +
        "19b07af59618d61adb088cc2dff3df10695cad67a49a368e6cc434b696bce3fc18ac609c73a59dba" +
        "a583a59547b0a68b2665de6a33d8991bb4fc8989bcc3ac67406de8c2a449463ed6dbd5091e469dce88",
    );
    const opened = openLiveFrame(sodium, key, NOTE, frame);
    if (opened.kind !== 3) throw new Error(`kind ${opened.kind}`);
    expect(hex(opened.payload)).toBe(hex(seen));
    expect(hex(Buffer.from(opened.signature, "base64"))).toBe(
      "00000000000040008000000000000000f428a84711ec2c0964953248946ae8e0fd8779a016c2f74a" +
        "7c684c04ca90a0db71fea67c5cff581527dded38ded8060184fca47f13dd7d8e079fde86cb5be904",
    );
    expect(verifyContent(sodium, signing.publicKey, opened.signature, context, seen)).toBe(true);
    // Not a live update's signature, nor another note's.
    const asUpdate = { ...context, kind: "liveUpdate" } as const;
    expect(verifyContent(sodium, signing.publicKey, opened.signature, asUpdate, seen)).toBe(false);
  });

  it("refuses to seal a seen head of another length", () => {
    expect(() => sealSignedSeenHead(sodium, key, NOTE, new Uint8Array(39), signer)).toThrow(
      InvalidLiveFrame,
    );
  });
});
