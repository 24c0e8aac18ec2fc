// Writes src/lying-server-vectors.json: known-answer vectors for the constructions of
// docs/client-crypto.md "Defences against a lying server" (contract.md §9 rule 12),
// computed here with node:crypto alone (OpenSSL; XChaCha20 built from ChaCha20 by hand),
// independently of the libsodium and WebCrypto code under test. Inputs are fixed, so a
// rerun reproduces the file byte for byte:
//   node packages/crypto/scripts/lying-server-vectors.mjs
import { createCipheriv, createHash, createHmac, hkdfSync } from "node:crypto";
import { writeFileSync } from "node:fs";

const bytes = (length, from) => Uint8Array.from({ length }, (_, i) => (from + i) & 0xff);
const b64 = (data) => Buffer.from(data).toString("base64");
const hex = (data) => Buffer.from(data).toString("hex");
const u32 = (n) => Buffer.from([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);

// --- account fingerprint and safety number (Signal's NumericFingerprint, version 0) ---
const ITERATIONS = 5200;

function fingerprintDigest(userId, publicKey) {
  let hash = Buffer.concat([Buffer.from([0, 0]), publicKey, Buffer.from(userId, "utf8")]);
  for (let i = 0; i < ITERATIONS; i++) {
    hash = createHash("sha512").update(hash).update(publicKey).digest();
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
  const digest = fingerprintDigest(account.userId, account.publicKey);
  return { digest30Hex: hex(digest), fingerprint: digits(digest) };
};
const fa = fingerprintOf(alice);
const fb = fingerprintOf(bob);
const safetyNumber =
  fa.fingerprint <= fb.fingerprint
    ? fa.fingerprint + fb.fingerprint
    : fb.fingerprint + fa.fingerprint;

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

// --- sealed key pins: XChaCha20-Poly1305 IETF = HChaCha20 subkey + ChaCha20-Poly1305 ---
function hchacha20(key, nonce16) {
  const s = new Uint32Array(16);
  s.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
  for (let i = 0; i < 8; i++) s[4 + i] = Buffer.from(key).readUInt32LE(i * 4);
  for (let i = 0; i < 4; i++) s[12 + i] = Buffer.from(nonce16).readUInt32LE(i * 4);
  const rotl = (v, n) => ((v << n) | (v >>> (32 - n))) >>> 0;
  const qr = (a, b, c, d) => {
    s[a] += s[b];
    s[d] = rotl(s[d] ^ s[a], 16);
    s[c] += s[d];
    s[b] = rotl(s[b] ^ s[c], 12);
    s[a] += s[b];
    s[d] = rotl(s[d] ^ s[a], 8);
    s[c] += s[d];
    s[b] = rotl(s[b] ^ s[c], 7);
  };
  for (let round = 0; round < 10; round++) {
    qr(0, 4, 8, 12);
    qr(1, 5, 9, 13);
    qr(2, 6, 10, 14);
    qr(3, 7, 11, 15);
    qr(0, 5, 10, 15);
    qr(1, 6, 11, 12);
    qr(2, 7, 8, 13);
    qr(3, 4, 9, 14);
  }
  const out = Buffer.alloc(32);
  for (const [i, word] of [0, 1, 2, 3, 12, 13, 14, 15].entries()) {
    out.writeUInt32LE(s[word], i * 4);
  }
  return out;
}

function xchachaSeal(key, nonce24, plaintext, aad) {
  const subkey = hchacha20(key, nonce24.subarray(0, 16));
  const nonce12 = Buffer.concat([Buffer.alloc(4), nonce24.subarray(16)]);
  const cipher = createCipheriv("chacha20-poly1305", subkey, nonce12, { authTagLength: 16 });
  cipher.setAAD(aad, { plaintextLength: plaintext.length });
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce24, body, cipher.getAuthTag()]);
}

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
};

const target = new URL("../src/lying-server-vectors.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(vectors, null, 2)}\n`);
