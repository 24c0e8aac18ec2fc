// HSalsa20 (Bernstein, "Extending the Salsa20 nonce", §2): the step crypto_box_beforenm
// takes after X25519, k = HSalsa20(shared secret, 16 zero bytes). libsodium-wrappers'
// standard build does not export crypto_core_hsalsa20, and a sealed box opened with
// WebCrypto's X25519 (sealed-cek-subtle.ts) needs it; twenty rounds on sixteen words.

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]; // "expand 32-byte k"

/** HSalsa20 of a 32-byte key and a 16-byte input: 32 bytes. */
export function hsalsa20(key: Uint8Array, input: Uint8Array): Uint8Array {
  if (key.length !== 32 || input.length !== 16)
    throw new RangeError("hsalsa20: 32-byte key, 16-byte input");
  const k = new DataView(key.buffer, key.byteOffset, 32);
  const n = new DataView(input.buffer, input.byteOffset, 16);
  const x = new Uint32Array(16);
  x[0] = SIGMA[0] as number;
  x[5] = SIGMA[1] as number;
  x[10] = SIGMA[2] as number;
  x[15] = SIGMA[3] as number;
  for (let i = 0; i < 4; i++) {
    x[1 + i] = k.getUint32(i * 4, true);
    x[11 + i] = k.getUint32(16 + i * 4, true);
    x[6 + i] = n.getUint32(i * 4, true);
  }
  const r = (v: number, c: number) => (v << c) | (v >>> (32 - c));
  const at = (i: number) => x[i] as number;
  const quarter = (a: number, b: number, c: number, d: number) => {
    x[b] = at(b) ^ r(at(a) + at(d), 7);
    x[c] = at(c) ^ r(at(b) + at(a), 9);
    x[d] = at(d) ^ r(at(c) + at(b), 13);
    x[a] = at(a) ^ r(at(d) + at(c), 18);
  };
  for (let i = 0; i < 10; i++) {
    quarter(0, 4, 8, 12);
    quarter(5, 9, 13, 1);
    quarter(10, 14, 2, 6);
    quarter(15, 3, 7, 11);
    quarter(0, 1, 2, 3);
    quarter(5, 6, 7, 4);
    quarter(10, 11, 8, 9);
    quarter(15, 12, 13, 14);
  }
  const out = new Uint8Array(32);
  const o = new DataView(out.buffer);
  for (const [i, word] of [0, 5, 10, 15, 6, 7, 8, 9].entries()) o.setUint32(i * 4, at(word), true);
  x.fill(0);
  return out;
}
