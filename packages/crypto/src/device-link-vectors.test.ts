// The device-link bytes and the mixed safety number against the independent vectors
// (scripts/device-link-vectors.mjs, node:crypto only; docs/client-crypto.md,
// "Device-link and safety-number bytes, with vectors"): every value an independent
// client must reproduce, reproduced here with this package's own functions. The keys
// are fixed, so the ECDH private halves are imported from the vector's JWK; the seal's
// nonce is random in sealLinkPayload, so the test fixes it for one call.
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountFingerprint } from "./account-fingerprint";
import { fromBase64, fromBase64Url, toBase64, toBase64Url } from "./base64";
import { concatBytes } from "./concat-bytes";
import { claimerProof, verifyClaimerProof } from "./device-link-proof";
import {
  deriveLinkKey,
  LINK_NONCE_BYTES,
  openLinkPayload,
  sealLinkPayload,
} from "./device-link-seal";
import {
  type SealedTransfer,
  sealerProof,
  sealerProofMessage,
  verifySealerProof,
} from "./device-link-sealer-proof";
import vectors from "./device-link-vectors.json";
import { HKDF_LABELS, hkdfSha256 } from "./hkdf";
import { lyingServerVectors } from "./lying-server-vectors";
import { safetyNumber } from "./safety-number";
import { loadSodium } from "./sodium";
import { hex } from "./test-vectors";
import { utf8Decode, utf8Encode } from "./utf8";
import { uuidToBytes } from "./uuid-bytes";

const v = vectors.deviceLink;
const secret = fromBase64(v.secret);
// Copies backed by a plain ArrayBuffer, the BufferSource WebCrypto's types ask for.
const claimerSpki = new Uint8Array(fromBase64(v.claimer.spki));
const sealerSpki = new Uint8Array(fromBase64(v.sealer.spki));
const ECDH = { name: "ECDH", namedCurve: "P-256" } as const;

function importPrivate(jwk: JsonWebKey): Promise<CryptoKey> {
  return crypto.subtle.importKey("jwk", jwk, ECDH, true, ["deriveBits"]);
}

/** The SPKI WebCrypto exports for the vector's private key (JWK without `d`). */
async function exportedSpki(jwk: JsonWebKey): Promise<Uint8Array> {
  const { d: _private, ...publicJwk } = jwk;
  const key = await crypto.subtle.importKey("jwk", publicJwk, ECDH, true, []);
  return new Uint8Array(await crypto.subtle.exportKey("spki", key));
}

const transfer: SealedTransfer = {
  linkId: v.linkId,
  sealerPubKey: sealerSpki,
  claimerPubKey: claimerSpki,
  masterKey: fromBase64(v.masterKey),
  token: v.token,
};

describe("the link code", () => {
  it("is url-safe Base64 of the id's 16 bytes and the 16-byte secret; the QR holds JSON", () => {
    expect(fromBase64Url(v.shortCode)).toEqual(concatBytes([uuidToBytes(v.linkId), secret]));
    expect(v.shortCode).toHaveLength(43);
    expect(JSON.parse(v.qrText)).toEqual({ linkId: v.linkId, secret: toBase64Url(secret) });
  });
});

describe("the ephemeral keys", () => {
  it("are the 91-byte SPKI WebCrypto exports: a 26-byte header, then 04 ‖ X ‖ Y", async () => {
    for (const side of [v.claimer, v.sealer]) {
      const spki = await exportedSpki(side.jwk);
      expect(toBase64(spki)).toBe(side.spki);
      expect(spki).toHaveLength(91);
      const header = hex("3059301306072a8648ce3d020106082a8648ce3d030107034200");
      expect(spki.subarray(0, 26)).toEqual(header);
      expect(spki[26]).toBe(0x04);
      expect(spki.subarray(27, 59)).toEqual(fromBase64Url(side.jwk.x));
      expect(spki.subarray(59)).toEqual(fromBase64Url(side.jwk.y));
      expect(fromBase64Url(side.jwk.d)).toEqual(hex(side.privateKeyHex));
    }
  });
});

describe("claimerProof", () => {
  it("reproduces the vector: HMAC-SHA256 keyed by the raw secret over the raw SPKI bytes", async () => {
    expect(toBase64(await claimerProof(secret, claimerSpki))).toBe(v.claimerProof);
    expect(await verifyClaimerProof(secret, claimerSpki, fromBase64(v.claimerProof))).toBe(true);
  });

  it("is not over the Base64 text of the key: a proof of the text does not verify", async () => {
    const overText = await claimerProof(secret, utf8Encode(v.claimer.spki));
    expect(toBase64(overText)).not.toBe(v.claimerProof);
    expect(await verifyClaimerProof(secret, claimerSpki, overText)).toBe(false);
  });
});

describe("the confirmation code", () => {
  // Made in @notes/client (device-links/fingerprint.ts, linkFingerprint), which this
  // package may not import (the layers point one way): the rule, from WebCrypto's digest.
  it("is SHA-256(claimer SPKI)'s first 3 bytes, big-endian, mod 1,000,000, as 'ddd ddd'", async () => {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", claimerSpki));
    expect(digest).toEqual(hex(v.claimerSpkiSha256Hex));
    const value = ((digest[0]! << 16) | (digest[1]! << 8) | digest[2]!) % 1_000_000;
    const digits = value.toString().padStart(6, "0");
    expect(`${digits.slice(0, 3)} ${digits.slice(3)}`).toBe(v.confirmationCode);
  });
});

describe("the seal key", () => {
  it("is HKDF(ECDH x-coordinate, 'notes/device-link/v1'), the same from either side", async () => {
    expect(HKDF_LABELS.deviceLink).toBe(v.label);
    const claimerKey = await importPrivate(v.claimer.jwk);
    const sealerPublic = await crypto.subtle.importKey("spki", sealerSpki, ECDH, false, []);
    const shared = new Uint8Array(
      await crypto.subtle.deriveBits({ name: "ECDH", public: sealerPublic }, claimerKey, 256),
    );
    expect(shared).toEqual(hex(v.sharedSecretHex));
    expect(await hkdfSha256(shared, HKDF_LABELS.deviceLink)).toEqual(hex(v.sealKeyHex));
  });
});

describe("the seal", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is Base64(12-byte nonce ‖ ciphertext ‖ 16-byte tag)", () => {
    const sealed = fromBase64(v.sealed);
    const payload = utf8Encode(v.payload);
    expect(sealed).toHaveLength(LINK_NONCE_BYTES + payload.length + 16);
    expect(sealed).toEqual(concatBytes([hex(v.nonceHex), hex(v.ciphertextHex), hex(v.tagHex)]));
  });

  it("opens with deriveLinkKey on either side, under the link id in any case", async () => {
    const claimerKey = await deriveLinkKey(await importPrivate(v.claimer.jwk), sealerSpki);
    const sealerKey = await deriveLinkKey(await importPrivate(v.sealer.jwk), claimerSpki);
    for (const key of [claimerKey, sealerKey]) {
      const opened = await openLinkPayload(key, v.linkId.toUpperCase(), v.sealed);
      expect(utf8Decode(opened)).toBe(v.payload);
    }
  });

  it("is what sealLinkPayload writes, given the vector's nonce", async () => {
    const nonce = hex(v.nonceHex);
    vi.spyOn(crypto, "getRandomValues").mockImplementationOnce(
      <T extends ArrayBufferView | null>(array: T): T => {
        if (array instanceof Uint8Array) array.set(nonce);
        return array;
      },
    );
    const key = await deriveLinkKey(await importPrivate(v.sealer.jwk), claimerSpki);
    expect(await sealLinkPayload(key, v.linkId, utf8Encode(v.payload))).toBe(v.sealed);
  });
});

describe("the sealer proof inside the payload", () => {
  it("reproduces the vector's proof key, message and MAC over the real SPKI keys", async () => {
    expect(HKDF_LABELS.deviceLinkSealerProof).toBe(v.sealerProofLabel);
    expect(await hkdfSha256(secret, HKDF_LABELS.deviceLinkSealerProof)).toEqual(hex(v.proofKeyHex));
    expect(sealerProofMessage(transfer)).toEqual(hex(v.sealerProofMessageHex));
    expect(toBase64(await sealerProof(secret, transfer))).toBe(v.sealerProof);
  });

  it("is the payload's third member, and verifies against what the seal carries", async () => {
    const payload = JSON.parse(v.payload) as Record<string, string>;
    expect(Object.keys(payload)).toEqual(["masterKey", "token", "sealerProof"]);
    expect(payload).toEqual({ masterKey: v.masterKey, token: v.token, sealerProof: v.sealerProof });
    const carried = { ...transfer, masterKey: fromBase64(payload.masterKey!) };
    expect(await verifySealerProof(secret, carried, fromBase64(payload.sealerProof!))).toBe(true);
  });
});

const sodium = await loadSodium();

describe("a safety number between an account with a signing key and one without", () => {
  const m = vectors.mixedSafetyNumber;
  const withSigning = {
    userId: m.withSigningKey.userId,
    publicKey: fromBase64(m.withSigningKey.publicKey),
    signingPublicKey: fromBase64(m.withSigningKey.signingPublicKey),
  };
  const without = {
    userId: m.withoutSigningKey.userId,
    publicKey: fromBase64(m.withoutSigningKey.publicKey),
  };

  it("hashes version 1 for one side and version 0 for the other, the smaller first", () => {
    expect(m.withSigningKey.version).toBe(1);
    expect(m.withoutSigningKey.version).toBe(0);
    expect(accountFingerprint(sodium, withSigning)).toBe(m.withSigningKey.fingerprint);
    expect(accountFingerprint(sodium, without)).toBe(m.withoutSigningKey.fingerprint);
    expect(safetyNumber(sodium, withSigning, without)).toBe(m.safetyNumber);
    expect(safetyNumber(sodium, without, withSigning)).toBe(m.safetyNumber);
  });

  it("agrees with the all-version-0 and all-version-1 vectors for the same accounts", () => {
    const ls = lyingServerVectors;
    expect(m.withSigningKey.fingerprint).toBe(ls.safetyNumberV1.alice.fingerprint);
    expect(m.withoutSigningKey.fingerprint).toBe(ls.safetyNumber.bob.fingerprint);
    expect(m.safetyNumber).not.toBe(ls.safetyNumber.safetyNumber);
    expect(m.safetyNumber).not.toBe(ls.safetyNumberV1.safetyNumber);
  });
});
