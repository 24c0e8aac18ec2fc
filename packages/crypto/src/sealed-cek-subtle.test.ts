import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toBase64 } from "./base64";
import { hsalsa20 } from "./hsalsa20";
import { openSealedCek, sealCek } from "./sealed-cek";
import { subtleCekOpener } from "./sealed-cek-subtle";
import { generateSharingKeyPair } from "./sharing-keypair";
import { loadSodium } from "./sodium";
import { flipByte, key32 } from "./test-arbitraries";
import { b64, vectors } from "./test-vectors";

const sodium = await loadSodium();
const alice = generateSharingKeyPair(sodium);
const bob = generateSharingKeyPair(sodium);

describe("HSalsa20", () => {
  it("is the step crypto_box_beforenm takes after X25519", () => {
    fc.assert(
      fc.property(fc.constant(null), () => {
        const other = generateSharingKeyPair(sodium);
        const shared = sodium.crypto_scalarmult(alice.privateKey, other.publicKey);
        expect(hsalsa20(shared, new Uint8Array(16))).toEqual(
          sodium.crypto_box_beforenm(other.publicKey, alice.privateKey),
        );
      }),
      { numRuns: 50 },
    );
  });

  it("matches the published XSalsa20 test's first key (Bernstein, 'Cryptography in NaCl', §8)", () => {
    // The shared secret of the paper's Alice and Bob and its HSalsa20 under zero input.
    const shared = Uint8Array.from(
      Buffer.from("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742", "hex"),
    );
    expect(Buffer.from(hsalsa20(shared, new Uint8Array(16))).toString("hex")).toBe(
      "1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389",
    );
  });
});

describe("sealed content keys opened with WebCrypto's X25519", () => {
  it("opens the vector", async () => {
    const v = vectors.sealedCek;
    const opener = await subtleCekOpener(sodium, {
      publicKey: b64(v.publicKey),
      privateKey: b64(v.privateKey),
    });
    expect(opener).toBeDefined();
    expect(await opener?.open(v.wrappedCek)).toEqual(b64(v.cek));
  });

  it("answers what openSealedCek answers, for any key", async () => {
    const opener = await subtleCekOpener(sodium, alice);
    await fc.assert(
      fc.asyncProperty(key32, async (cek) => {
        const wrap = sealCek(sodium, cek, alice.publicKey);
        expect(await opener?.open(wrap)).toEqual(openSealedCek(sodium, wrap, alice));
      }),
    );
  });

  it("answers undefined for a wrap to another key, an altered byte, or a wrong length", async () => {
    const opener = await subtleCekOpener(sodium, bob);
    await fc.assert(
      fc.asyncProperty(
        key32,
        fc.nat(79),
        fc.integer({ min: 1, max: 255 }),
        async (cek, at, mask) => {
          const wrap = sealCek(sodium, cek, bob.publicKey);
          expect(await opener?.open(flipByte(wrap, at, mask))).toBeUndefined();
          expect(await opener?.open(sealCek(sodium, cek, alice.publicKey))).toBeUndefined();
        },
      ),
      { numRuns: 40 },
    );
    expect(await opener?.open(toBase64(new Uint8Array(79)))).toBeUndefined();
    expect(await opener?.open("not base64!")).toBeUndefined();
    // A low-order ephemeral point (all zero): X25519 gives zero, which both refuse.
    expect(await opener?.open(toBase64(new Uint8Array(80)))).toBeUndefined();
  });

  it("is undefined where WebCrypto has no X25519", async () => {
    const subtle = {
      importKey: () => Promise.reject(new DOMException("unsupported", "NotSupportedError")),
    } as unknown as SubtleCrypto;
    expect(await subtleCekOpener(sodium, alice, subtle)).toBeUndefined();
  });
});
