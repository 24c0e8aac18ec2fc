// Writes src/device-link-vectors.json: known-answer vectors for the device-link bytes
// that contract.md §9 leaves implicit, and for a safety number between an account with
// a signing key and one without (docs/client-crypto.md, "Device-link and safety-number
// bytes, with vectors"). Every byte is laid out here by hand from that section, with
// node:crypto alone (OpenSSL), independently of the WebCrypto and libsodium code under
// test. Inputs are fixed, so a rerun reproduces the file byte for byte:
//   node packages/crypto/scripts/device-link-vectors.mjs
import {
  createCipheriv,
  createECDH,
  createHash,
  createHmac,
  createPublicKey,
  hkdfSync,
} from "node:crypto";
import { writeFileSync } from "node:fs";

const bytes = (length, from) =>
  Buffer.from(Uint8Array.from({ length }, (_, i) => (from + i) & 0xff));
const b64 = (data) => Buffer.from(data).toString("base64");
const b64url = (data) => Buffer.from(data).toString("base64url");
const hex = (data) => Buffer.from(data).toString("hex");
const u32 = (n) => Buffer.from([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
const check = (ok, what) => {
  if (!ok) throw new Error(`vector self-check failed: ${what}`);
};

// §9 rule 2: HKDF-SHA256, empty salt, 32-byte output, info = the label's ASCII bytes.
const hkdf = (ikm, label) =>
  Buffer.from(hkdfSync("sha256", ikm, Buffer.alloc(0), Buffer.from(label, "ascii"), 32));

// --- the link code: a fixed id and 16-byte secret ---
const linkId = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";
const secret = bytes(16, 0x00);
const idBytes = Buffer.from(linkId.replaceAll("-", ""), "hex");
const shortCode = b64url(Buffer.concat([idBytes, secret]));
// Version 2 of the short code (issue 38): Crockford's Base32 of the same 32 bytes, big
// endian, 5 bits a character, the 4 spare bits zero, 13 groups of 4 joined by "-".
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const crockford = (data) => {
  const bits = [...data].map((b) => b.toString(2).padStart(8, "0")).join("");
  const padded = bits.padEnd(Math.ceil(bits.length / 5) * 5, "0");
  return (padded.match(/.{5}/g) ?? []).map((five) => CROCKFORD[Number.parseInt(five, 2)]).join("");
};
const shortCodeV2 = (crockford(Buffer.concat([idBytes, secret])).match(/.{4}/g) ?? []).join("-");
const qrText = JSON.stringify({ linkId, secret: b64url(secret) });

// --- the two ephemeral P-256 keys, public halves as SPKI written out by hand ---
// SPKI for an uncompressed P-256 point is a fixed 26-byte DER header
//   SEQUENCE { SEQUENCE { OID id-ecPublicKey, OID prime256v1 }, BIT STRING (0 unused) }
// followed by 04 ‖ X ‖ Y: 91 bytes in all.
const SPKI_P256_HEADER = Buffer.from("3059301306072a8648ce3d020106082a8648ce3d030107034200", "hex");

function p256(privateKey) {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(privateKey);
  const point = ecdh.getPublicKey(); // 65 bytes: 04 ‖ X ‖ Y
  const spki = Buffer.concat([SPKI_P256_HEADER, point]);
  // OpenSSL's own SPKI encoding must agree with the hand-made one.
  const der = createPublicKey({ key: spki, format: "der", type: "spki" }).export({
    format: "der",
    type: "spki",
  });
  check(spki.length === 91 && der.equals(spki), "SPKI layout");
  return { ecdh, privateKey, x: point.subarray(1, 33), y: point.subarray(33), spki };
}

const claimer = p256(bytes(32, 0x11));
const sealer = p256(bytes(32, 0x31));

// --- claimerProof: HMAC-SHA256 keyed by the raw 16-byte secret, over the raw SPKI bytes ---
const claimerProof = createHmac("sha256", secret).update(claimer.spki).digest();

// --- the confirmation code: SHA-256(claimer SPKI), first 3 bytes big-endian, mod 10^6 ---
const claimerSpkiSha256 = createHash("sha256").update(claimer.spki).digest();
const codeValue = claimerSpkiSha256.readUIntBE(0, 3) % 1_000_000;
const codeDigits = codeValue.toString().padStart(6, "0");
const confirmationCode = `${codeDigits.slice(0, 3)} ${codeDigits.slice(3)}`;

// --- the seal key: ECDH x-coordinate (32 bytes) → HKDF "notes/device-link/v1" ---
const DEVICE_LINK_LABEL = "notes/device-link/v1";
const sharedSecret = sealer.ecdh.computeSecret(claimer.ecdh.getPublicKey());
check(sharedSecret.equals(claimer.ecdh.computeSecret(sealer.ecdh.getPublicKey())), "ECDH");
const sealKey = hkdf(sharedSecret, DEVICE_LINK_LABEL);

// --- the sealer's proof, carried inside the payload ---
const SEALER_PROOF_LABEL = "notes/device-link-sealer-proof/v1";
const masterKey = bytes(32, 0xc0);
const token = "minted-token-\u03a9";
const proofKey = hkdf(secret, SEALER_PROOF_LABEL);
const proofFields = [
  Buffer.from(linkId.toLowerCase(), "utf8"),
  sealer.spki,
  claimer.spki,
  masterKey,
  Buffer.from(token, "utf8"),
];
const proofMessage = Buffer.concat(proofFields.flatMap((f) => [u32(f.length), f]));
const sealerProof = createHmac("sha256", proofKey).update(proofMessage).digest();

// --- the seal: AES-256-GCM, AAD = UTF-8 of the lower-case link id, 16-byte tag last ---
const payload = JSON.stringify({
  masterKey: b64(masterKey),
  token,
  sealerProof: b64(sealerProof),
});
const nonce = bytes(12, 0xe0);
const cipher = createCipheriv("aes-256-gcm", sealKey, nonce, { authTagLength: 16 });
cipher.setAAD(Buffer.from(linkId.toLowerCase(), "utf8"));
const ciphertext = Buffer.concat([cipher.update(Buffer.from(payload, "utf8")), cipher.final()]);
const tag = cipher.getAuthTag();
const sealed = Buffer.concat([nonce, ciphertext, tag]);

// --- a safety number between an account with a signing key (version 1) and one without ---
// The accounts of lying-server-vectors.json: Alice's version-1 fingerprint here equals
// the one in its safetyNumberV1, Bob's version-0 one the one in its safetyNumber.
const ITERATIONS = 5200;
function fingerprint(account) {
  const version = account.signingPublicKey ? 1 : 0;
  const keys = account.signingPublicKey
    ? Buffer.concat([account.publicKey, account.signingPublicKey])
    : account.publicKey;
  let h = Buffer.concat([Buffer.from([0, version]), keys, Buffer.from(account.userId, "utf8")]);
  for (let i = 0; i < ITERATIONS; i++) h = createHash("sha512").update(h).update(keys).digest();
  let digits = "";
  for (let at = 0; at < 30; at += 5) {
    digits += (h.readUIntBE(at, 5) % 100_000).toString().padStart(5, "0");
  }
  return { version, digest30Hex: hex(h.subarray(0, 30)), fingerprint: digits };
}
const alice = {
  userId: "00000000-0000-4000-8000-00000000000a",
  publicKey: bytes(32, 0x10),
  signingPublicKey: bytes(32, 0x90),
};
const bob = { userId: "00000000-0000-4000-8000-00000000000b", publicKey: bytes(32, 0x40) };
const fa = fingerprint(alice);
const fb = fingerprint(bob);
const mixedSafetyNumber =
  fa.fingerprint <= fb.fingerprint
    ? fa.fingerprint + fb.fingerprint
    : fb.fingerprint + fa.fingerprint;

const jwk = (key) => ({
  kty: "EC",
  crv: "P-256",
  d: b64url(key.privateKey),
  x: b64url(key.x),
  y: b64url(key.y),
});

const vectors = {
  about:
    "Known-answer vectors for docs/client-crypto.md, 'Device-link and safety-number bytes, " +
    "with vectors'. Computed by packages/crypto/scripts/device-link-vectors.mjs with " +
    "node:crypto only. Binary values are standard padded Base64 unless the name ends in Hex.",
  deviceLink: {
    linkId,
    secret: b64(secret),
    shortCode,
    shortCodeV2,
    qrText,
    claimer: {
      privateKeyHex: hex(claimer.privateKey),
      jwk: jwk(claimer),
      spki: b64(claimer.spki),
    },
    sealer: {
      privateKeyHex: hex(sealer.privateKey),
      jwk: jwk(sealer),
      spki: b64(sealer.spki),
    },
    claimerProof: b64(claimerProof),
    claimerSpkiSha256Hex: hex(claimerSpkiSha256),
    confirmationCode,
    label: DEVICE_LINK_LABEL,
    sharedSecretHex: hex(sharedSecret),
    sealKeyHex: hex(sealKey),
    sealerProofLabel: SEALER_PROOF_LABEL,
    proofKeyHex: hex(proofKey),
    sealerProofMessageHex: hex(proofMessage),
    masterKey: b64(masterKey),
    token,
    sealerProof: b64(sealerProof),
    payload,
    nonceHex: hex(nonce),
    ciphertextHex: hex(ciphertext),
    tagHex: hex(tag),
    sealed: b64(sealed),
  },
  mixedSafetyNumber: {
    withSigningKey: {
      userId: alice.userId,
      publicKey: b64(alice.publicKey),
      signingPublicKey: b64(alice.signingPublicKey),
      ...fa,
    },
    withoutSigningKey: { userId: bob.userId, publicKey: b64(bob.publicKey), ...fb },
    safetyNumber: mixedSafetyNumber,
  },
};

const target = new URL("../src/device-link-vectors.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(vectors, null, 2)}\n`);
