import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DecryptionFailed, InvalidLength } from "./errors";
import { openSealedCek, sealCek } from "./sealed-cek";
import { generateSharingKeyPair } from "./sharing-keypair";
import { loadSodium } from "./sodium";
import { flipByte, key32, mask, position } from "./test-arbitraries";
import { b64, vectors } from "./test-vectors";

const sodium = await loadSodium();
const alice = generateSharingKeyPair(sodium);
const bob = generateSharingKeyPair(sodium);

describe("sealed content keys", () => {
  it("opens the vector (sealing is randomised, so only opening is reproducible)", () => {
    const v = vectors.sealedCek;
    const pair = { publicKey: b64(v.publicKey), privateKey: b64(v.privateKey) };
    expect(openSealedCek(sodium, v.wrappedCek, pair)).toEqual(b64(v.cek));
  });

  it("open(seal(cek)) = cek", () => {
    fc.assert(
      fc.property(key32, (cek) => {
        expect(openSealedCek(sodium, sealCek(sodium, cek, alice.publicKey), alice)).toEqual(cek);
      }),
    );
  });

  it("only the recipient can open it", () => {
    fc.assert(
      fc.property(key32, (cek) => {
        expect(() => openSealedCek(sodium, sealCek(sodium, cek, alice.publicKey), bob)).toThrow(
          DecryptionFailed,
        );
      }),
    );
  });

  it("fails when any single byte is altered", () => {
    fc.assert(
      fc.property(key32, position, mask, (cek, at, bits) => {
        const tampered = flipByte(sealCek(sodium, cek, alice.publicKey), at, bits);
        expect(() => openSealedCek(sodium, tampered, alice)).toThrow(DecryptionFailed);
      }),
    );
  });

  it("seals only 32-byte content keys to 32-byte public keys", () => {
    expect(() => sealCek(sodium, new Uint8Array(16), alice.publicKey)).toThrow(InvalidLength);
    expect(() => sealCek(sodium, new Uint8Array(32), new Uint8Array(33))).toThrow(InvalidLength);
  });
});
