// ECVRF-EDWARDS25519-SHA512-TAI (RFC 9381, suite 0x03): the verifiable random function
// that turns an account id into its place in the prefix tree. Only the server (holding
// the VRF secret key) can compute an index, so the tree does not list accounts; anyone
// with the public key can check that an index belongs to an account id, so the server
// cannot give one account two places. Point arithmetic is @noble/curves' edwards25519;
// this file only lays out RFC 9381's hashing around it.
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { concat, equalBytes } from "./bytes";

const Point = ed25519.Point;
const ORDER = Point.Fn.ORDER;
const SUITE = 0x03;
const C_LEN = 16;
export const VRF_PROOF_BYTES = 80;
export const VRF_OUTPUT_BYTES = 64;

type EdPoint = InstanceType<typeof Point>;

function leToInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i] as number);
  return n;
}

function intToLe(n: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let v = n;
  for (let i = 0; i < length; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** RFC 9381 §5.4.1.1: try-and-increment, salted with the public key. */
function encodeToCurve(publicKey: Uint8Array, alpha: Uint8Array): EdPoint {
  for (let ctr = 0; ctr < 256; ctr++) {
    const hash = sha512(
      concat(Uint8Array.of(SUITE, 0x01), publicKey, alpha, Uint8Array.of(ctr, 0)),
    );
    try {
      const point = Point.fromBytes(hash.subarray(0, 32));
      return point.clearCofactor();
    } catch {
      // Not a point: try the next counter.
    }
  }
  throw new Error("ECVRF encode_to_curve found no point in 256 tries");
}

/** RFC 9381 §5.4.3 with cLen = 16. */
function challenge(points: readonly EdPoint[]): bigint {
  const hash = sha512(
    concat(Uint8Array.of(SUITE, 0x02), ...points.map((p) => p.toBytes()), Uint8Array.of(0)),
  );
  return leToInt(hash.subarray(0, C_LEN));
}

function proofToHash(gamma: EdPoint): Uint8Array {
  return sha512(
    concat(Uint8Array.of(SUITE, 0x03), gamma.clearCofactor().toBytes(), Uint8Array.of(0)),
  );
}

/** The VRF public key of a 32-byte secret key (an Ed25519 seed, RFC 8032). */
export function vrfPublicKey(secretKey: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(secretKey);
}

interface ExpandedKey {
  x: bigint;
  prefix: Uint8Array;
  publicKey: Uint8Array;
  y: EdPoint;
}

// A secret key's expansion (SHA-512, a base-point multiply and a decoding: a tenth of a
// proof), kept per key object: the epoch job proves thousands of indexes with one key.
const expanded = new WeakMap<Uint8Array, ExpandedKey>();

function expand(secretKey: Uint8Array): ExpandedKey {
  let key = expanded.get(secretKey);
  if (!key) {
    const { scalar, prefix, pointBytes } = ed25519.utils.getExtendedPublicKey(secretKey);
    key = { x: scalar, prefix, publicKey: pointBytes, y: Point.fromBytes(pointBytes) };
    expanded.set(secretKey, key);
  }
  return key;
}

/** RFC 9381 §5.1: the 80-byte proof π and the 64-byte output β for `alpha`. */
export function vrfProve(
  secretKey: Uint8Array,
  alpha: Uint8Array,
): { proof: Uint8Array; output: Uint8Array } {
  const { x, prefix, publicKey, y } = expand(secretKey);
  const h = encodeToCurve(publicKey, alpha);
  const gamma = h.multiply(x);
  const k = leToInt(sha512(concat(prefix, h.toBytes()))) % ORDER;
  const c = challenge([y, h, gamma, Point.BASE.multiply(k), h.multiply(k)]);
  const s = (k + c * x) % ORDER;
  const proof = concat(gamma.toBytes(), intToLe(c, C_LEN), intToLe(s, 32));
  return { proof, output: proofToHash(gamma) };
}

/**
 * RFC 9381 §5.3 (with the public key validated, §5.4.5): β when `proof` is valid for
 * `alpha` under `publicKey`, else undefined.
 */
export function vrfVerify(
  publicKey: Uint8Array,
  alpha: Uint8Array,
  proof: Uint8Array,
): Uint8Array | undefined {
  if (publicKey.length !== 32 || proof.length !== VRF_PROOF_BYTES) return undefined;
  let y: EdPoint;
  let gamma: EdPoint;
  try {
    y = Point.fromBytes(publicKey);
    gamma = Point.fromBytes(proof.subarray(0, 32));
  } catch {
    return undefined;
  }
  if (y.isSmallOrder()) return undefined;
  const c = leToInt(proof.subarray(32, 32 + C_LEN));
  const s = leToInt(proof.subarray(32 + C_LEN));
  if (s >= ORDER) return undefined;
  const h = encodeToCurve(publicKey, alpha);
  const u = Point.BASE.multiplyUnsafe(s).subtract(y.multiplyUnsafe(c));
  const v = h.multiplyUnsafe(s).subtract(gamma.multiplyUnsafe(c));
  const expected = challenge([y, h, gamma, u, v]);
  if (!equalBytes(intToLe(expected, C_LEN), intToLe(c, C_LEN))) return undefined;
  return proofToHash(gamma);
}
