// The device-link primitives: the QR proof against Node's own HMAC (an independent
// implementation; crypto-vectors.json has no device-link vectors), and the ECDH seal
// opening on the other side only, under the same link id, untampered.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "./base64";
import { claimerProof, generateLinkSecret, verifyClaimerProof } from "./device-link-proof";
import {
  deriveLinkKey,
  generateLinkKeyPair,
  openLinkPayload,
  sealLinkPayload,
} from "./device-link-seal";
import { DecryptionFailed, InvalidLength } from "./errors";

const LINK = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";

describe("claimerProof", () => {
  it("is HMAC-SHA256(secret, claimer public key), and verifies only for that key", async () => {
    const secret = generateLinkSecret();
    const { publicKey } = await generateLinkKeyPair();
    const proof = await claimerProof(secret, publicKey);
    const expected = createHmac("sha256", secret).update(publicKey).digest();
    expect(toBase64(proof)).toBe(expected.toString("base64"));
    expect(await verifyClaimerProof(secret, publicKey, proof)).toBe(true);
    const other = await generateLinkKeyPair();
    expect(await verifyClaimerProof(secret, other.publicKey, proof)).toBe(false);
    expect(await verifyClaimerProof(generateLinkSecret(), publicKey, proof)).toBe(false);
  });

  it("refuses a secret of the wrong length", async () => {
    await expect(claimerProof(new Uint8Array(5), new Uint8Array(91))).rejects.toBeInstanceOf(
      InvalidLength,
    );
  });
});

describe("the device-link seal", () => {
  it("exports P-256 public keys as 91-byte SPKI", async () => {
    expect((await generateLinkKeyPair()).publicKey).toHaveLength(91);
  });

  it("opens on the claimer's side with the sealer's public key", async () => {
    const sealer = await generateLinkKeyPair();
    const claimer = await generateLinkKeyPair();
    const payload = new TextEncoder().encode('{"masterKey":"…"}');
    const sealed = await sealLinkPayload(
      await deriveLinkKey(sealer.privateKey, claimer.publicKey),
      LINK,
      payload,
    );
    expect(fromBase64(sealed)).toHaveLength(12 + payload.length + 16);
    const key = await deriveLinkKey(claimer.privateKey, sealer.publicKey);
    expect(await openLinkPayload(key, LINK.toUpperCase(), sealed)).toEqual(payload);
  });

  it("refuses another keypair, another link id, and a changed byte", async () => {
    const sealer = await generateLinkKeyPair();
    const claimer = await generateLinkKeyPair();
    const stranger = await generateLinkKeyPair();
    const sealKey = await deriveLinkKey(sealer.privateKey, claimer.publicKey);
    const sealed = await sealLinkPayload(sealKey, LINK, new Uint8Array([1, 2, 3]));
    const wrongKey = await deriveLinkKey(stranger.privateKey, sealer.publicKey);
    await expect(openLinkPayload(wrongKey, LINK, sealed)).rejects.toBeInstanceOf(DecryptionFailed);
    const key = await deriveLinkKey(claimer.privateKey, sealer.publicKey);
    const otherLink = "1b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";
    await expect(openLinkPayload(key, otherLink, sealed)).rejects.toBeInstanceOf(DecryptionFailed);
    const bytes = fromBase64(sealed);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await expect(openLinkPayload(key, LINK, toBase64(bytes))).rejects.toBeInstanceOf(
      DecryptionFailed,
    );
    await expect(openLinkPayload(key, LINK, toBase64(new Uint8Array(20)))).rejects.toBeInstanceOf(
      InvalidLength,
    );
  });
});
