// Writes src/lying-server-vectors.json: known-answer vectors for the constructions of
// docs/client-crypto.md "Defences against a lying server" (contract.md §9 rule 12),
// computed here with node:crypto alone (OpenSSL; XChaCha20 built from ChaCha20 by hand),
// independently of the libsodium and WebCrypto code under test. Inputs are fixed, so a
// rerun reproduces the file byte for byte:
//   node packages/crypto/scripts/lying-server-vectors.mjs
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  sign,
} from "node:crypto";
import { writeFileSync } from "node:fs";
import { blake2b, xchachaSeal } from "./independent-primitives.mjs";

const bytes = (length, from) => Uint8Array.from({ length }, (_, i) => (from + i) & 0xff);
const b64 = (data) => Buffer.from(data).toString("base64");
const hex = (data) => Buffer.from(data).toString("hex");
const u32 = (n) => Buffer.from([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);

// --- account fingerprint and safety number (Signal's NumericFingerprint, version 0) ---
const ITERATIONS = 5200;

// Version 0 hashes the sharing key; version 1 the sharing key followed by the signing key.
function fingerprintDigest(userId, publicKey, signingPublicKey) {
  const version = signingPublicKey ? 1 : 0;
  const keys = signingPublicKey ? Buffer.concat([publicKey, signingPublicKey]) : publicKey;
  let hash = Buffer.concat([Buffer.from([0, version]), keys, Buffer.from(userId, "utf8")]);
  for (let i = 0; i < ITERATIONS; i++) {
    hash = createHash("sha512").update(hash).update(keys).digest();
  }
  return hash.subarray(0, 30);
}

function digits(digest) {
  let out = "";
  for (let offset = 0; offset < 30; offset += 5) {
    let chunk = 0n;
    for (let i = 0; i < 5; i++) chunk = (chunk << 8n) | BigInt(digest[offset + i]);
    out += (chunk % 100000n).toString().padStart(5, "0");
  }
  return out;
}

const alice = { userId: "00000000-0000-4000-8000-00000000000a", publicKey: bytes(32, 0x10) };
const bob = { userId: "00000000-0000-4000-8000-00000000000b", publicKey: bytes(32, 0x40) };
const fingerprintOf = (account) => {
  const digest = fingerprintDigest(account.userId, account.publicKey, account.signingPublicKey);
  return { digest30Hex: hex(digest), fingerprint: digits(digest) };
};
const fa = fingerprintOf(alice);
const fb = fingerprintOf(bob);
const safetyNumber =
  fa.fingerprint <= fb.fingerprint
    ? fa.fingerprint + fb.fingerprint
    : fb.fingerprint + fa.fingerprint;

// --- the same with signing keys (fingerprint version 1) ---
const aliceSigning = { ...alice, signingPublicKey: bytes(32, 0x90) };
const bobSigning = { ...bob, signingPublicKey: bytes(32, 0xb0) };
const fa1 = fingerprintOf(aliceSigning);
const fb1 = fingerprintOf(bobSigning);
const safetyNumberV1 =
  fa1.fingerprint <= fb1.fingerprint
    ? fa1.fingerprint + fb1.fingerprint
    : fb1.fingerprint + fa1.fingerprint;

// Self-check against the vector docs/client-crypto.md quotes (bytes 00..1f).
if (b64(blake2b(bytes(32, 0), 32)) !== "yy9RYPwffgWlXvSdNAtI2i5aeAmdUzkzUc1XndQlA9Y=") {
  throw new Error("blake2b self-check failed");
}

// --- Ed25519 from a 32-byte seed (RFC 8032), by node:crypto ---
const ed25519 = (seed) => {
  const pkcs8 = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
  const privateKey = createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" });
  const jwk = createPublicKey(privateKey).export({ format: "jwk" });
  return { privateKey, publicKey: Buffer.from(jwk.x, "base64url") };
};
const uuidBytes = (id) => Buffer.from(id.replaceAll("-", ""), "hex");

// --- the signing key: HKDF(masterKey, "notes/signing-key/v1") as the Ed25519 seed ---
const SIGNING_KEY_LABEL = "notes/signing-key/v1";
const signingMasterKey = bytes(32, 0x31);
const signingSeed = Buffer.from(
  hkdfSync("sha256", signingMasterKey, Buffer.alloc(0), SIGNING_KEY_LABEL, 32),
);
const signingKey = ed25519(signingSeed);

// --- a signature block over a note update ---
const SIGNATURE_LABEL = "notes/signature/v1";
const sig = {
  kind: "update",
  kindByte: 2,
  noteId: "7d444840-9dc0-11d1-b245-5ffdce74fad2",
  contentKey: bytes(32, 0x70),
  signerId: alice.userId,
  seed: bytes(32, 0xa0),
  // Any bytes serve: the body is hashed as the envelope's bytes, opaque here.
  body: bytes(61, 0x05),
};
const sigKey = ed25519(Buffer.from(sig.seed));
const signedMessage = Buffer.concat([
  Buffer.from(SIGNATURE_LABEL, "ascii"),
  Buffer.from([sig.kindByte]),
  uuidBytes(sig.noteId),
  blake2b(sig.contentKey, 32).subarray(0, 16),
  uuidBytes(sig.signerId),
  blake2b(sig.body, 32),
]);
const signatureBlock = Buffer.concat([
  uuidBytes(sig.signerId),
  sign(null, signedMessage, sigKey.privateKey),
]);

// --- device-link sealer proof ---
const SEALER_PROOF_LABEL = "notes/device-link-sealer-proof/v1";
const link = {
  secret: bytes(16, 0x00),
  linkId: "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d",
  // Any bytes serve: the proof treats the SPKI encodings as opaque.
  sealerPubKey: bytes(91, 0x20),
  claimerPubKey: bytes(91, 0x80),
  masterKey: bytes(32, 0xc0),
  token: "minted-token-Ω",
};
const proofKey = Buffer.from(
  hkdfSync("sha256", link.secret, Buffer.alloc(0), SEALER_PROOF_LABEL, 32),
);
const fields = [
  Buffer.from(link.linkId, "utf8"),
  link.sealerPubKey,
  link.claimerPubKey,
  link.masterKey,
  Buffer.from(link.token, "utf8"),
];
const proofMessage = Buffer.concat(fields.flatMap((field) => [u32(field.length), field]));
const proof = createHmac("sha256", proofKey).update(proofMessage).digest();

// --- sealed key pins: XChaCha20-Poly1305 IETF (independent-primitives.mjs) ---
const KEY_PINS_LABEL = "notes/key-pins/v1";
const pins = {
  masterKey: bytes(32, 0x02),
  nonce: Buffer.from(bytes(24, 0x60)),
  plaintext: JSON.stringify({
    version: 1,
    pins: [
      { userId: alice.userId, publicKey: b64(alice.publicKey), verified: true },
      { userId: bob.userId, publicKey: b64(bob.publicKey), verified: false },
    ],
  }),
};
const sealedPins = xchachaSeal(
  pins.masterKey,
  pins.nonce,
  Buffer.from(pins.plaintext, "utf8"),
  Buffer.from(KEY_PINS_LABEL, "ascii"),
);

// --- a signed bridge key handout (issue 33, item 1) ---
const BRIDGE_HANDOUT_LABEL = "notes/bridge-handout/v1";
const u64 = (n) => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(n));
  return out;
};
const handout = {
  signerId: alice.userId,
  seed: bytes(32, 0xa0),
  epochNumber: 7,
  bridgeKey: bytes(32, 0x50),
  recipientId: bob.userId,
  recipientPublicKey: bob.publicKey,
  // Any bytes serve: the wrap (crypto_box_seal's 80 bytes) is hashed as sent, opaque here.
  wrappedKey: bytes(80, 0xd0),
};
const handoutKey = ed25519(Buffer.from(handout.seed));
const bridgeEpochBytes = blake2b(handout.bridgeKey, 32).subarray(0, 16);
const handoutSigned = Buffer.concat([
  Buffer.from(BRIDGE_HANDOUT_LABEL, "ascii"),
  uuidBytes(handout.signerId),
  u64(handout.epochNumber),
  bridgeEpochBytes,
  uuidBytes(handout.recipientId),
  handout.recipientPublicKey,
  blake2b(handout.wrappedKey, 32),
]);
const handoutBlock = Buffer.concat([
  uuidBytes(handout.signerId),
  sign(null, handoutSigned, handoutKey.privateKey),
]);

// --- a version-2 bridge transmission (issue 33, items 5 and 11) ---
const transmission = {
  bridgeKey: handout.bridgeKey,
  nonce: Buffer.from(bytes(24, 0x20)),
  messageId: "5b1e4c3a-9d2f-4e8b-a7c6-0f1e2d3c4b5a",
  sentAt: 1_764_300_000_123,
  signed: true,
  text: "Over the bridge ✓",
};
const messageBytes = Buffer.concat([
  Buffer.from([0xff, 0x02, transmission.signed ? 0x01 : 0x00]),
  uuidBytes(transmission.messageId),
  u64(transmission.sentAt),
  Buffer.from(transmission.text, "utf8"),
]);
const paddedMessage = Buffer.alloc(1024);
messageBytes.copy(paddedMessage);
paddedMessage[messageBytes.length] = 0x80;
const transmissionBody = xchachaSeal(
  transmission.bridgeKey,
  transmission.nonce,
  paddedMessage,
  Buffer.alloc(0),
);
const transmissionSigned = Buffer.concat([
  Buffer.from(SIGNATURE_LABEL, "ascii"),
  Buffer.from([6]),
  Buffer.alloc(16),
  bridgeEpochBytes,
  uuidBytes(handout.signerId),
  blake2b(transmissionBody, 32),
]);
const transmissionBlock = Buffer.concat([
  uuidBytes(handout.signerId),
  sign(null, transmissionSigned, handoutKey.privateKey),
]);

const vectors = {
  about:
    "Known-answer vectors for docs/client-crypto.md 'Defences against a lying server' (contract.md §9 rule 12), computed by scripts/lying-server-vectors.mjs with node:crypto only. Binary values are standard Base64 with padding unless the name ends in Hex.",
  safetyNumber: {
    version: 0,
    iterations: ITERATIONS,
    alice: { ...alice, publicKey: b64(alice.publicKey), ...fa },
    bob: { ...bob, publicKey: b64(bob.publicKey), ...fb },
    safetyNumber,
  },
  safetyNumberV1: {
    version: 1,
    iterations: ITERATIONS,
    alice: {
      ...alice,
      publicKey: b64(alice.publicKey),
      signingPublicKey: b64(aliceSigning.signingPublicKey),
      ...fa1,
    },
    bob: {
      ...bob,
      publicKey: b64(bob.publicKey),
      signingPublicKey: b64(bobSigning.signingPublicKey),
      ...fb1,
    },
    safetyNumber: safetyNumberV1,
  },
  signingKey: {
    label: SIGNING_KEY_LABEL,
    masterKey: b64(signingMasterKey),
    seed: b64(signingSeed),
    signingPublicKey: b64(signingKey.publicKey),
  },
  contentSignature: {
    label: SIGNATURE_LABEL,
    kind: sig.kind,
    noteId: sig.noteId,
    contentKey: b64(sig.contentKey),
    signerId: sig.signerId,
    seed: b64(sig.seed),
    signingPublicKey: b64(sigKey.publicKey),
    body: b64(sig.body),
    messageHex: hex(signedMessage),
    signatureBlock: b64(signatureBlock),
  },
  sealerProof: {
    label: SEALER_PROOF_LABEL,
    secret: b64(link.secret),
    linkId: link.linkId,
    sealerPubKey: b64(link.sealerPubKey),
    claimerPubKey: b64(link.claimerPubKey),
    masterKey: b64(link.masterKey),
    token: link.token,
    proofKeyHex: hex(proofKey),
    messageHex: hex(proofMessage),
    sealerProof: b64(proof),
  },
  sealedKeyPins: {
    label: KEY_PINS_LABEL,
    masterKey: b64(pins.masterKey),
    nonce: b64(pins.nonce),
    plaintext: pins.plaintext,
    sealed: b64(sealedPins),
  },
  bridgeHandout: {
    label: BRIDGE_HANDOUT_LABEL,
    signerId: handout.signerId,
    seed: b64(handout.seed),
    signingPublicKey: b64(handoutKey.publicKey),
    epochNumber: handout.epochNumber,
    bridgeKey: b64(handout.bridgeKey),
    epochId: Buffer.from(bridgeEpochBytes).toString("base64url"),
    recipientId: handout.recipientId,
    recipientPublicKey: b64(handout.recipientPublicKey),
    wrappedKey: b64(handout.wrappedKey),
    messageHex: hex(handoutSigned),
    signatureBlock: b64(handoutBlock),
  },
  bridgeMessageV2: {
    bridgeKey: b64(transmission.bridgeKey),
    nonce: b64(transmission.nonce),
    messageId: transmission.messageId,
    sentAt: transmission.sentAt,
    signed: transmission.signed,
    text: transmission.text,
    messageHex: hex(messageBytes),
    body: b64(transmissionBody),
    signerId: handout.signerId,
    signatureMessageHex: hex(transmissionSigned),
    signatureBlock: b64(transmissionBlock),
  },
};

const target = new URL("../src/lying-server-vectors.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(vectors, null, 2)}\n`);
