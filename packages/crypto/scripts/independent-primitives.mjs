// Primitives the vector scripts need and node:crypto lacks, written out from their
// specifications so the vectors stay independent of the libsodium code under test:
// BLAKE2b with any output length (RFC 7693; node:crypto offers only BLAKE2b-512) and
// XChaCha20-Poly1305 IETF (HChaCha20 written out, then node:crypto's ChaCha20-Poly1305).
// Each checks itself against a published value when loaded.
import { createCipheriv } from "node:crypto";

const B2B_IV = [
  0x6a09e667f3bcc908n,
  0xbb67ae8584caa73bn,
  0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n,
  0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn,
  0x5be0cd19137e2179n,
];
const B2B_SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];
const M64 = (1n << 64n) - 1n;
const rotr64 = (x, n) => ((x >> n) | (x << (64n - n))) & M64;

export function blake2b(data, outLength) {
  const h = B2B_IV.slice();
  h[0] ^= 0x01010000n ^ BigInt(outLength);
  const blocks = Math.max(1, Math.ceil(data.length / 128));
  for (let b = 0; b < blocks; b++) {
    const block = Buffer.alloc(128);
    Buffer.from(data).copy(block, 0, b * 128, Math.min(data.length, (b + 1) * 128));
    const m = Array.from({ length: 16 }, (_, i) => block.readBigUInt64LE(i * 8));
    const last = b === blocks - 1;
    const counter = BigInt(last ? data.length : (b + 1) * 128);
    const v = [...h, ...B2B_IV];
    v[12] ^= counter & M64;
    v[13] ^= counter >> 64n;
    if (last) v[14] ^= M64;
    const g = (a, bb, c, d, x, y) => {
      v[a] = (v[a] + v[bb] + x) & M64;
      v[d] = rotr64(v[d] ^ v[a], 32n);
      v[c] = (v[c] + v[d]) & M64;
      v[bb] = rotr64(v[bb] ^ v[c], 24n);
      v[a] = (v[a] + v[bb] + y) & M64;
      v[d] = rotr64(v[d] ^ v[a], 16n);
      v[c] = (v[c] + v[d]) & M64;
      v[bb] = rotr64(v[bb] ^ v[c], 63n);
    };
    for (let round = 0; round < 12; round++) {
      const s = B2B_SIGMA[round % 10];
      g(0, 4, 8, 12, m[s[0]], m[s[1]]);
      g(1, 5, 9, 13, m[s[2]], m[s[3]]);
      g(2, 6, 10, 14, m[s[4]], m[s[5]]);
      g(3, 7, 11, 15, m[s[6]], m[s[7]]);
      g(0, 5, 10, 15, m[s[8]], m[s[9]]);
      g(1, 6, 11, 12, m[s[10]], m[s[11]]);
      g(2, 7, 8, 13, m[s[12]], m[s[13]]);
      g(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (let i = 0; i < 8; i++) h[i] ^= v[i] ^ v[i + 8];
  }
  const out = Buffer.alloc(64);
  for (const [i, word] of h.entries()) out.writeBigUInt64LE(word, i * 8);
  return out.subarray(0, outLength);
}
if (
  Buffer.from(
    blake2b(
      Uint8Array.from({ length: 32 }, (_, i) => i),
      32,
    ),
  ).toString("base64") !== "yy9RYPwffgWlXvSdNAtI2i5aeAmdUzkzUc1XndQlA9Y="
) {
  throw new Error("blake2b self-check failed");
}

export function hchacha20(key, nonce16) {
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

export function xchachaSeal(key, nonce24, plaintext, aad) {
  const subkey = hchacha20(key, nonce24.subarray(0, 16));
  const nonce12 = Buffer.concat([Buffer.alloc(4), nonce24.subarray(16)]);
  const cipher = createCipheriv("chacha20-poly1305", subkey, nonce12, { authTagLength: 16 });
  cipher.setAAD(aad, { plaintextLength: plaintext.length });
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce24, body, cipher.getAuthTag()]);
}
