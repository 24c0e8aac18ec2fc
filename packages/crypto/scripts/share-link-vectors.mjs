// Writes src/share-link-vectors.json: known-answer vectors for share links (docs/
// client-crypto.md, "Share links"): the link's id and key as the URL carries them, the
// keys derived with and without a password, the sealed content, the owner's signature
// over it and the owner's wrapped copy of the keys. Every byte is laid out here by hand
// from that section with node:crypto (PBKDF2, HKDF, SHA-256, Ed25519) and the written-out
// BLAKE2b and XChaCha20-Poly1305 of independent-primitives.mjs, independently of the
// libsodium and WebCrypto code under test. Inputs are fixed, so a rerun reproduces the
// file byte for byte:
//   node packages/crypto/scripts/share-link-vectors.mjs
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  pbkdf2Sync,
  sign,
  verify,
} from "node:crypto";
import { writeFileSync } from "node:fs";
import { blake2b, xchachaSeal } from "./independent-primitives.mjs";

const bytes = (length, from) =>
  Buffer.from(Uint8Array.from({ length }, (_, i) => (from + i) & 0xff));
const b64 = (data) => Buffer.from(data).toString("base64");
const b64url = (data) => Buffer.from(data).toString("base64url");
const hex = (data) => Buffer.from(data).toString("hex");
const check = (ok, what) => {
  if (!ok) throw new Error(`vector self-check failed: ${what}`);
};
// §9 rule 2: HKDF-SHA256, empty salt, 32-byte output, info = the label's ASCII bytes.
const hkdf = (ikm, label) =>
  Buffer.from(hkdfSync("sha256", ikm, Buffer.alloc(0), Buffer.from(label, "ascii"), 32));
const uuidBytes = (id) => Buffer.from(id.replaceAll("-", ""), "hex");

// --- the owner: an account whose signing key is derived from its master key ---
const masterKey = bytes(32, 0x50);
const ownerId = "00000000-0000-4000-8000-0000000000a1";
const seed = hkdf(masterKey, "notes/signing-key/v1");
const privateKey = createPrivateKey({
  key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]),
  format: "der",
  type: "pkcs8",
});
const signingPublicKey = Buffer.from(
  createPublicKey(privateKey).export({ format: "jwk" }).x,
  "base64url",
);

const content = {
  title: "Trip plan \u2708",
  text: "# Day 1\n\nPack **light**.\n",
  createdAt: "2026-11-28T09:00:00.000Z",
};

// A link that shows an image: the attachment of attachment-vectors.json and its file key.
const image = {
  id: "7f0e1d2c-3b4a-4958-a796-857463524130",
  key: bytes(32, 0x40),
};
const contentWithImage = {
  ...content,
  text: `# Day 1\n\nPack **light**.\n\n![ticket.png](attachment:${image.id})\n`,
};

function link({ idFrom, keyFrom, nonceFrom, keysNonceFrom, password, images }) {
  const shown = images ? contentWithImage : content;
  const idBytes = bytes(16, idFrom);
  const linkId = b64url(idBytes);
  const linkKey = bytes(32, keyFrom);
  const fragment = b64url(linkKey);
  check(linkId.length === 22 && fragment.length === 43, "text lengths");

  // secret: the link key, or HKDF(linkKey ‖ PBKDF2(password, id bytes, iterations)).
  let stretched;
  let secret = linkKey;
  if (password) {
    stretched = pbkdf2Sync(
      Buffer.from(password.password, "utf8"),
      idBytes,
      password.iterations,
      32,
      "sha256",
    );
    secret = hkdf(Buffer.concat([linkKey, stretched]), "notes/share-link/password/v1");
  }
  const contentKey = hkdf(secret, "notes/share-link/content/v1");
  const accessKey = hkdf(secret, "notes/share-link/access/v1");
  const accessVerifier = createHash("sha256").update(accessKey).digest();

  // The content JSON, compact, members in this order; handle only when there is one.
  const plaintext = JSON.stringify({
    version: 1,
    title: shown.title,
    text: shown.text,
    createdAt: shown.createdAt,
    sharedBy: { userId: ownerId, handle: "alice", signingPublicKey: b64(signingPublicKey) },
    // Only when the link shows images: each attachment id (lower-case) and its file key.
    ...(images && { images: images.map(({ id, key }) => ({ id, key: b64(key) })) }),
  });
  const associatedData = Buffer.concat([Buffer.from("notes/share-link/v1", "ascii"), idBytes]);
  const nonce = bytes(24, nonceFrom);
  const envelope = xchachaSeal(contentKey, nonce, Buffer.from(plaintext, "utf8"), associatedData);

  // The signature: Signed content's 99-byte message, kind 8, scope = the id's 16 bytes.
  const message = Buffer.concat([
    Buffer.from("notes/signature/v1", "ascii"),
    Buffer.from([8]),
    idBytes,
    blake2b(contentKey, 32).subarray(0, 16),
    uuidBytes(ownerId),
    blake2b(envelope, 32),
  ]);
  check(message.length === 99, "message length");
  const signature = sign(null, message, privateKey);
  check(verify(null, message, createPublicKey(privateKey), signature), "signature");
  const block = Buffer.concat([uuidBytes(ownerId), signature]);

  // The owner's copy: linkKey ‖ contentKey under the master key.
  const keysAd = Buffer.concat([Buffer.from("notes/share-link-keys/v1", "ascii"), idBytes]);
  const ownerKeys = xchachaSeal(
    masterKey,
    bytes(24, keysNonceFrom),
    Buffer.concat([linkKey, contentKey]),
    keysAd,
  );

  return {
    linkId,
    linkIdHex: hex(idBytes),
    linkKeyHex: hex(linkKey),
    fragment,
    path: `/s/${linkId}#${fragment}`,
    ...(password && {
      password: password.password,
      kdfIterations: password.iterations,
      stretchedHex: hex(stretched),
      secretHex: hex(secret),
    }),
    contentKeyHex: hex(contentKey),
    accessKeyHex: hex(accessKey),
    access: b64(accessKey),
    accessVerifier: b64(accessVerifier),
    plaintext,
    associatedDataHex: hex(associatedData),
    nonceHex: hex(nonce),
    sealed: b64(envelope),
    signatureMessageHex: hex(message),
    signature: b64(block),
    ownerKeysNonceHex: hex(bytes(24, keysNonceFrom)),
    ownerKeys: b64(ownerKeys),
  };
}

const vectors = {
  description:
    "Share links (docs/client-crypto.md, 'Share links'). Binary values are standard padded Base64 unless the name ends in Hex; linkId and fragment are url-safe Base64 without padding. The owner's signing key is the Ed25519 key of seed HKDF(masterKey, 'notes/signing-key/v1').",
  owner: {
    userId: ownerId,
    handle: "alice",
    masterKeyHex: hex(masterKey),
    signingSeedHex: hex(seed),
    signingPublicKey: b64(signingPublicKey),
  },
  content,
  withoutPassword: link({ idFrom: 0x00, keyFrom: 0x20, nonceFrom: 0x80, keysNonceFrom: 0xa0 }),
  withPassword: link({
    idFrom: 0x10,
    keyFrom: 0x40,
    nonceFrom: 0x90,
    keysNonceFrom: 0xb0,
    password: { password: "correct horse \u2713 battery", iterations: 600_000 },
  }),
  withImage: {
    image: { id: image.id, keyHex: hex(image.key) },
    text: contentWithImage.text,
    ...link({ idFrom: 0x30, keyFrom: 0x60, nonceFrom: 0xc0, keysNonceFrom: 0xd0, images: [image] }),
  },
};

writeFileSync(
  new URL("../src/share-link-vectors.json", import.meta.url),
  `${JSON.stringify(vectors, null, 2)}\n`,
);
