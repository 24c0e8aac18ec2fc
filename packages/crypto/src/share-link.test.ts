// Share links against the independent vectors (scripts/share-link-vectors.mjs, node:crypto
// and written-out primitives; docs/client-crypto.md, "Share links"), reproduced with this
// package's own functions, and the refusals a reader relies on: another key or password,
// another link's content, altered bytes, a moved or forged signature.
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "./base64";
import { signatureMessage } from "./content-signature";
import {
  DecryptionFailed,
  InvalidEncoding,
  InvalidKdfParameters,
  InvalidShareLinkContent,
} from "./errors";
import {
  decodeShareLinkContent,
  encodeShareLinkContent,
  openShareLinkContent,
  type ShareLinkContent,
  sealShareLinkContent,
  shareLinkAssociatedData,
} from "./share-link-content";
import {
  decodeShareLinkKey,
  encodeShareLinkKey,
  generateShareLinkId,
  generateShareLinkKey,
  shareLinkIdBytes,
} from "./share-link-id";
import { deriveShareLinkKeys, shareLinkAccessVerifier } from "./share-link-keys";
import { openShareLinkOwnerKeys, sealShareLinkOwnerKeys } from "./share-link-owner-keys";
import { signShareLink, verifyShareLink } from "./share-link-signature";
import vectors from "./share-link-vectors.json";
import { deriveSigningKeyPair } from "./signing-keypair";
import { loadSodium } from "./sodium";
import { hex } from "./test-vectors";
import { utf8Encode } from "./utf8";

const sodium = await loadSodium();
const owner = vectors.owner;
const signing = await deriveSigningKeyPair(sodium, hex(owner.masterKeyHex));
const signer = { userId: owner.userId, secretKey: signing.secretKey };
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

const baseContent: ShareLinkContent = {
  ...vectors.content,
  sharedBy: { userId: owner.userId, handle: owner.handle, signingPublicKey: signing.publicKey },
};

type Case = (typeof vectors)["withoutPassword"] & {
  password?: string;
  kdfIterations?: number;
  image?: { id: string; keyHex: string };
  text?: string;
};
const cases: [string, Case][] = [
  ["without a password", vectors.withoutPassword],
  ["with a password", vectors.withPassword],
  ["that shows an image", vectors.withImage],
];

describe.each(cases)("a share link %s", (_name, v) => {
  const content: ShareLinkContent = v.image
    ? {
        ...baseContent,
        text: v.text ?? "",
        images: [{ id: v.image.id, key: hex(v.image.keyHex) }],
      }
    : baseContent;
  const linkKey = hex(v.linkKeyHex);
  const password =
    v.password !== undefined && v.kdfIterations !== undefined
      ? { password: v.password, iterations: v.kdfIterations }
      : undefined;

  it("carries its id and key as url-safe Base64, and derives the vectors' keys", async () => {
    expect(toHex(shareLinkIdBytes(v.linkId))).toBe(v.linkIdHex);
    expect(encodeShareLinkKey(linkKey)).toBe(v.fragment);
    expect(toHex(decodeShareLinkKey(`#${v.fragment}`))).toBe(v.linkKeyHex);
    const keys = await deriveShareLinkKeys(linkKey, v.linkId, password);
    expect(toHex(keys.contentKey)).toBe(v.contentKeyHex);
    expect(toHex(keys.accessKey)).toBe(v.accessKeyHex);
    expect(toBase64(await shareLinkAccessVerifier(keys.accessKey))).toBe(v.accessVerifier);
  });

  it("seals, signs and wraps to the vectors' bytes, and opens them", () => {
    const contentKey = hex(v.contentKeyHex);
    expect(signing.publicKey).toEqual(fromBase64(owner.signingPublicKey));
    expect(new TextDecoder().decode(encodeShareLinkContent(content))).toBe(v.plaintext);
    expect(toHex(shareLinkAssociatedData(v.linkId))).toBe(v.associatedDataHex);
    const sealed = sealShareLinkContent(sodium, contentKey, v.linkId, content, hex(v.nonceHex));
    expect(sealed).toBe(v.sealed);
    const message = signatureMessage(
      sodium,
      { kind: "shareLink", scope: shareLinkIdBytes(v.linkId), key: contentKey },
      owner.userId,
      fromBase64(sealed),
    );
    expect(toHex(message)).toBe(v.signatureMessageHex);
    expect(signShareLink(sodium, signer, v.linkId, contentKey, sealed)).toBe(v.signature);
    expect(openShareLinkContent(sodium, contentKey, v.linkId, v.sealed)).toEqual(content);
    expect(
      verifyShareLink(sodium, signing.publicKey, v.signature, v.linkId, contentKey, v.sealed),
    ).toBe(true);
    const keys = { linkKey, contentKey };
    const wrapped = sealShareLinkOwnerKeys(
      sodium,
      hex(owner.masterKeyHex),
      v.linkId,
      keys,
      hex(v.ownerKeysNonceHex),
    );
    expect(wrapped).toBe(v.ownerKeys);
    expect(openShareLinkOwnerKeys(sodium, hex(owner.masterKeyHex), v.linkId, wrapped)).toEqual(
      keys,
    );
  });

  it("refuses altered content, another link's id and a signature moved or forged", () => {
    const contentKey = hex(v.contentKeyHex);
    const bytes = fromBase64(v.sealed);
    bytes[30] = (bytes[30] ?? 0) ^ 1;
    const altered = toBase64(bytes);
    expect(() => openShareLinkContent(sodium, contentKey, v.linkId, altered)).toThrow(
      DecryptionFailed,
    );
    const otherId = generateShareLinkId();
    expect(() => openShareLinkContent(sodium, contentKey, otherId, v.sealed)).toThrow(
      DecryptionFailed,
    );
    const verify = (block: string, id: string, key: Uint8Array, sealed: string) =>
      verifyShareLink(sodium, signing.publicKey, block, id, key, sealed);
    expect(verify(v.signature, v.linkId, contentKey, altered)).toBe(false);
    expect(verify(v.signature, otherId, contentKey, v.sealed)).toBe(false);
    expect(verify(v.signature, v.linkId, generateShareLinkKey(), v.sealed)).toBe(false);
    // A block naming another signer, or signed by another key, does not verify.
    const block = fromBase64(v.signature);
    block[0] = (block[0] ?? 0) ^ 1;
    expect(verify(toBase64(block), v.linkId, contentKey, v.sealed)).toBe(false);
    const stranger = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(9));
    const forged = signShareLink(
      sodium,
      { userId: owner.userId, secretKey: stranger.privateKey },
      v.linkId,
      contentKey,
      v.sealed,
    );
    expect(verify(forged, v.linkId, contentKey, v.sealed)).toBe(false);
    expect(() =>
      openShareLinkOwnerKeys(sodium, hex(owner.masterKeyHex), otherId, v.ownerKeys),
    ).toThrow(DecryptionFailed);
  });
});

describe("share link keys", () => {
  it("differ with the password, which is hashed exactly as typed", async () => {
    const v = vectors.withPassword;
    const linkKey = hex(v.linkKeyHex);
    const at = (password: string) =>
      deriveShareLinkKeys(linkKey, v.linkId, { password, iterations: 600_000 });
    const right = await at(v.password);
    expect(toHex(right.contentKey)).toBe(v.contentKeyHex);
    for (const wrong of [`${v.password} `, v.password.normalize("NFD").toUpperCase(), ""]) {
      const keys = await at(wrong);
      expect(toHex(keys.contentKey)).not.toBe(v.contentKeyHex);
      expect(toHex(keys.accessKey)).not.toBe(v.accessKeyHex);
    }
    expect(toHex((await deriveShareLinkKeys(linkKey, v.linkId)).contentKey)).not.toBe(
      v.contentKeyHex,
    );
  });

  it("keep sign-in's KDF floor and ceiling", async () => {
    const v = vectors.withPassword;
    for (const iterations of [599_999, 10_000_001, 1.5]) {
      await expect(
        deriveShareLinkKeys(hex(v.linkKeyHex), v.linkId, { password: "x", iterations }),
      ).rejects.toThrow(InvalidKdfParameters);
    }
  });

  it("refuse ids and fragments of the wrong length or alphabet", () => {
    expect(generateShareLinkId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(encodeShareLinkKey(generateShareLinkKey())).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const bad of [
      "",
      "AAECAwQFBgcICQoLDA0OD",
      "AAECAwQFBgcICQoLDA0OD+",
      "AAECAwQFBgcICQoLDA0ODw==",
    ])
      expect(() => shareLinkIdBytes(bad)).toThrow(InvalidEncoding);
    expect(() => decodeShareLinkKey(vectors.withoutPassword.fragment.slice(1))).toThrow(
      InvalidEncoding,
    );
  });
});

describe("share link content", () => {
  it("reads any JSON of its shape and refuses anything else", () => {
    const json = (value: unknown) => utf8Encode(JSON.stringify(value));
    const base = JSON.parse(vectors.withoutPassword.plaintext) as Record<string, unknown>;
    expect(decodeShareLinkContent(json({ extra: true, ...base })).title).toBe(baseContent.title);
    const { handle: _handle, ...byWithoutHandle } = base.sharedBy as Record<string, unknown>;
    expect(
      decodeShareLinkContent(json({ ...base, sharedBy: byWithoutHandle })).sharedBy,
    ).not.toHaveProperty("handle");
    for (const bad of [
      { ...base, version: 2 },
      { ...base, title: 3 },
      { ...base, sharedBy: { ...(base.sharedBy as object), signingPublicKey: "AAAA" } },
      { ...base, sharedBy: undefined },
      { ...base, images: {} },
      { ...base, images: [{ id: "not-an-id", key: toBase64(new Uint8Array(32)) }] },
      { ...base, images: [{ id: vectors.withImage.image.id, key: "AAAA" }] },
      {
        ...base,
        images: Array.from({ length: 2 }, () => ({
          id: vectors.withImage.image.id,
          key: toBase64(new Uint8Array(32)),
        })),
      },
      {
        ...base,
        images: Array.from({ length: 101 }, (_, i) => ({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
          key: toBase64(new Uint8Array(32)),
        })),
      },
    ])
      expect(() => decodeShareLinkContent(json(bad))).toThrow(InvalidShareLinkContent);
    expect(() => decodeShareLinkContent(utf8Encode("not json"))).toThrow(InvalidShareLinkContent);
    // An empty list is read as no images; ids are kept lower-case.
    expect(decodeShareLinkContent(json({ ...base, images: [] }))).not.toHaveProperty("images");
    const upper = vectors.withImage.image.id.toUpperCase();
    const key = toBase64(hex(vectors.withImage.image.keyHex));
    expect(decodeShareLinkContent(json({ ...base, images: [{ id: upper, key }] })).images).toEqual([
      { id: vectors.withImage.image.id, key: hex(vectors.withImage.image.keyHex) },
    ]);
  });
});
