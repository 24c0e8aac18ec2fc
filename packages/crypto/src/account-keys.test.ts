import { hkdfSync, pbkdf2Sync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deriveAccountKeys } from "./account-keys";
import { b64, hex, vectors } from "./test-vectors";
import { utf8Encode } from "./utf8";

describe.each([
  ["ASCII password", vectors.password],
  ["Unicode password", vectors.passwordUnicode],
])("deriveAccountKeys: %s vector", (_, v) => {
  const derived = deriveAccountKeys(v.password, b64(v.kdfSalt), v.kdfIterations);

  it("hashes the password as its exact UTF-8 bytes", () => {
    expect(utf8Encode(v.password)).toEqual(hex(v.passwordUtf8Hex));
  });

  it("reproduces stretched, authKey and wrapKey", async () => {
    const keys = await derived;
    expect(keys.stretched).toEqual(hex(v.stretchedHex));
    expect(keys.authKey).toEqual(b64(v.authKey));
    expect(keys.wrapKey).toEqual(b64(v.wrapKey));
  });

  // Computed without WebCrypto or this package's KDF code: OpenSSL via node:crypto.
  it("agrees with an independent node:crypto derivation", async () => {
    const stretched = pbkdf2Sync(
      hex(v.passwordUtf8Hex),
      b64(v.kdfSalt),
      v.kdfIterations,
      32,
      "sha256",
    );
    const empty = new Uint8Array(0);
    const keys = await derived;
    expect(keys.stretched).toEqual(new Uint8Array(stretched));
    expect(keys.authKey).toEqual(
      new Uint8Array(hkdfSync("sha256", stretched, empty, "notes/auth/v1", 32)),
    );
    expect(keys.wrapKey).toEqual(
      new Uint8Array(hkdfSync("sha256", stretched, empty, "notes/wrap/v1", 32)),
    );
  });
});

describe("deriveAccountKeys", () => {
  it("does not normalise or trim the password", async () => {
    const salt = new Uint8Array(16);
    const [nfc, nfd, padded] = await Promise.all([
      deriveAccountKeys("\u00fc", salt, 1),
      deriveAccountKeys("u\u0308", salt, 1),
      deriveAccountKeys("\u00fc ", salt, 1),
    ]);
    expect(nfc.stretched).not.toEqual(nfd.stretched);
    expect(nfc.stretched).not.toEqual(padded.stretched);
  });

  it("separates the auth key from the wrap key", async () => {
    const keys = await deriveAccountKeys("pw", new Uint8Array(16), 1);
    expect(keys.authKey).not.toEqual(keys.wrapKey);
  });
});
