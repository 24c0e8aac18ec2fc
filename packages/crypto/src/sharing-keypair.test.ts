import { describe, expect, it } from "vitest";
import { InvalidLength } from "./errors";
import { generateSharingKeyPair, sharingPublicKey } from "./sharing-keypair";
import { loadSodium } from "./sodium";
import { b64, vectors } from "./test-vectors";

const sodium = await loadSodium();

describe("sharing keypair", () => {
  it("derives the vector's public key from its private key", () => {
    const v = vectors.keypair;
    expect(sharingPublicKey(sodium, b64(v.privateKey))).toEqual(b64(v.publicKey));
  });

  it("generates raw 32-byte X25519 keys that belong together", () => {
    const pair = generateSharingKeyPair(sodium);
    expect(pair.publicKey).toHaveLength(32);
    expect(pair.privateKey).toHaveLength(32);
    expect(sharingPublicKey(sodium, pair.privateKey)).toEqual(pair.publicKey);
  });

  it("needs a 32-byte private key", () => {
    expect(() => sharingPublicKey(sodium, new Uint8Array(31))).toThrow(InvalidLength);
  });
});
