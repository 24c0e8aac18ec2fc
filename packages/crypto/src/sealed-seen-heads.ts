// The account's seen heads as its devices share them through the server (issue 33, item
// 12, for a device signed in without a link; docs/client-crypto.md, "The account's seen
// heads"): the concatenated 29-byte heads of the device-link seal, sealed under a key
// only the account's devices hold, bound to the account and to a counter that grows by
// one per upload. The counter is in the associated data, so the server can neither
// relabel an older copy as newer nor move a copy to another account; the key-transparency
// log (packages/keytrans, seen-heads-leaf.ts) then pins which counter is the newest.
//
//   key  = HKDF(masterKey, "notes/seen-heads/v1")
//   AD   = account id (16 raw uuid bytes) ‖ counter (u64 big-endian)
//   blob = nonce24 ‖ XChaCha20-Poly1305(key, heads, AD) ‖ tag16 (raw bytes; Base64 on the wire)
import { type AeadSodium, openAeadBytes, sealAeadBytes } from "./aead";
import { HKDF_LABELS, hkdfSha256 } from "./hkdf";
import { uuidToBytes } from "./uuid-bytes";

/** Bytes per head, as in the device-link seal. */
export const SEEN_HEADS_HEAD_BYTES = 29;
/** Heads a copy holds at most (as a device-link seal). */
export const MAX_SEEN_HEADS = 12_000;
/** The largest sealed copy: every head plus nonce and tag (348,040 bytes). */
export const MAX_SEALED_SEEN_HEADS_BYTES = MAX_SEEN_HEADS * SEEN_HEADS_HEAD_BYTES + 24 + 16;

export function deriveSeenHeadsKey(masterKey: Uint8Array): Promise<Uint8Array> {
  return hkdfSha256(masterKey, HKDF_LABELS.seenHeads);
}

/** account id (16) ‖ counter (u64 big-endian). Throws RangeError for a counter out of range. */
export function seenHeadsAssociatedData(accountId: string, counter: number): Uint8Array {
  if (!Number.isSafeInteger(counter) || counter < 1)
    throw new RangeError("a seen-heads counter is a positive integer");
  const out = new Uint8Array(24);
  out.set(uuidToBytes(accountId));
  new DataView(out.buffer).setBigUint64(16, BigInt(counter));
  return out;
}

/** Seals `heads` (whole 29-byte heads) as copy `counter` of the account's seen heads. */
export function sealSeenHeads(
  sodium: AeadSodium,
  key: Uint8Array,
  accountId: string,
  counter: number,
  heads: Uint8Array,
  nonce?: Uint8Array,
): Uint8Array {
  if (
    heads.length % SEEN_HEADS_HEAD_BYTES !== 0 ||
    heads.length > MAX_SEEN_HEADS * SEEN_HEADS_HEAD_BYTES
  )
    throw new RangeError("seen heads are at most 12,000 whole 29-byte heads");
  return sealAeadBytes(sodium, key, heads, seenHeadsAssociatedData(accountId, counter), nonce);
}

/**
 * Opens copy `counter` of the account's seen heads. Throws DecryptionFailed when the
 * copy was sealed under another key, for another account or under another counter.
 */
export function openSeenHeads(
  sodium: AeadSodium,
  key: Uint8Array,
  accountId: string,
  counter: number,
  sealed: Uint8Array,
): Uint8Array {
  const heads = openAeadBytes(
    sodium,
    key,
    sealed,
    seenHeadsAssociatedData(accountId, counter),
    "the account's seen heads",
  );
  if (heads.length % SEEN_HEADS_HEAD_BYTES !== 0)
    throw new RangeError("the account's seen heads are not whole heads");
  return heads;
}
