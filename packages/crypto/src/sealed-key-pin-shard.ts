// Pinned keys in shards (issue 33: pins must scale to 100,000 contacts; one sealed copy
// stopped at ~1,000). The pins of the accounts whose id begins with byte n live in shard
// n (0–255), sealed on its own under the master key, so a change rewrites one shard,
// not all of them (docs/client-crypto.md, "Pinned keys in shards"). Binary, not the
// JSON of sealed-key-pins.ts: 81 bytes a pin (49 without a signing key), a third of it.
//
// The plaintext carries the shard's number (and the associated data binds it too: a
// shard served in another's place does not open), a generation that grows by one with
// every write (a device that saw generation g refuses an older copy), and the map of
// the shards that held pins when it was written (a new device that reads one shard
// knows which others must exist). Unknown flag bits or a format other than 1 are
// refused, not skipped: a later format gets a new format byte.
import { type AeadSodium, openAead, sealAead } from "./aead";
import { InvalidKeyPins } from "./errors";
import type { KeyPinRecord } from "./sealed-key-pins";
import { SHARING_KEY_BYTES } from "./sharing-keypair";
import { SIGNING_PUBLIC_KEY_BYTES } from "./signing-keypair";
import { bytesToUuid, UUID_BYTES, uuidToBytes } from "./uuid-bytes";

export const KEY_PIN_SHARDS = 256;
export const KEY_PIN_SHARD_LABEL = "notes/key-pins/shard/v1";
const FORMAT = 1;
const HEADER_BYTES = 42;
const MAP_BYTES = KEY_PIN_SHARDS / 8;
const VERIFIED = 0x01;
const HAS_SIGNING_KEY = 0x02;

export interface KeyPinShard {
  /** 0–255: the first byte of every pinned account id in it. */
  shard: number;
  /** 1 for a shard's first write, one more with every write after it. */
  generation: number;
  /** The shards that held pins when this one was written (this one included). */
  held: ReadonlySet<number>;
  pins: readonly KeyPinRecord[];
}

/** The shard of an account id: its first byte (the first two hex digits). */
export function keyPinShardOf(userId: string): number {
  const shard = Number.parseInt(userId.slice(0, 2), 16);
  if (!Number.isInteger(shard)) throw new InvalidKeyPins(`not a user id: ${userId}`);
  return shard;
}

/** ASCII "notes/key-pins/shard/v1", then the shard number as one byte. */
export function keyPinShardAssociatedData(shard: number): Uint8Array {
  checkShardNumber(shard);
  const label = new TextEncoder().encode(KEY_PIN_SHARD_LABEL);
  const data = new Uint8Array(label.length + 1);
  data.set(label);
  data[label.length] = shard;
  return data;
}

export function encodeKeyPinShard(shard: KeyPinShard): Uint8Array {
  checkShardNumber(shard.shard);
  if (!Number.isInteger(shard.generation) || shard.generation < 1 || shard.generation > 0xffffffff)
    throw new InvalidKeyPins(`generation ${shard.generation} is not 1 to 2^32-1`);
  const rows = shard.pins.map((pin) => ({ pin, id: uuidToBytes(pin.userId) }));
  rows.sort((a, b) => compareBytes(a.id, b.id));
  let size = HEADER_BYTES;
  for (const { pin, id } of rows) {
    if (id[0] !== shard.shard)
      throw new InvalidKeyPins(`${pin.userId} is not in shard ${shard.shard}`);
    checkKeys(pin);
    size +=
      UUID_BYTES + 1 + SHARING_KEY_BYTES + (pin.signingPublicKey ? SIGNING_PUBLIC_KEY_BYTES : 0);
  }
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  bytes[0] = FORMAT;
  bytes[1] = shard.shard;
  view.setUint32(2, shard.generation);
  for (const held of new Set([...shard.held, shard.shard])) {
    checkShardNumber(held);
    bytes[6 + (held >> 3)] = (bytes[6 + (held >> 3)] as number) | (1 << (held & 7));
  }
  view.setUint32(6 + MAP_BYTES, rows.length);
  let at = HEADER_BYTES;
  for (let i = 0; i < rows.length; i++) {
    const { pin, id } = rows[i] as (typeof rows)[number];
    if (i > 0 && compareBytes((rows[i - 1] as (typeof rows)[number]).id, id) === 0)
      throw new InvalidKeyPins(`${pin.userId} is pinned twice`);
    bytes.set(id, at);
    bytes[at + UUID_BYTES] =
      (pin.verified ? VERIFIED : 0) | (pin.signingPublicKey ? HAS_SIGNING_KEY : 0);
    bytes.set(pin.publicKey, at + UUID_BYTES + 1);
    at += UUID_BYTES + 1 + SHARING_KEY_BYTES;
    if (pin.signingPublicKey) {
      bytes.set(pin.signingPublicKey, at);
      at += SIGNING_PUBLIC_KEY_BYTES;
    }
  }
  return bytes;
}

export function decodeKeyPinShard(bytes: Uint8Array): KeyPinShard {
  if (bytes.length < HEADER_BYTES || bytes[0] !== FORMAT)
    throw new InvalidKeyPins("not a format-1 key pin shard");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shard = bytes[1] as number;
  const generation = view.getUint32(2);
  if (generation < 1) throw new InvalidKeyPins("a shard's generation starts at 1");
  const held = new Set<number>();
  for (let i = 0; i < KEY_PIN_SHARDS; i++)
    if (((bytes[6 + (i >> 3)] as number) & (1 << (i & 7))) !== 0) held.add(i);
  if (!held.has(shard)) throw new InvalidKeyPins("a shard's map leaves the shard itself out");
  const count = view.getUint32(6 + MAP_BYTES);
  const pins: KeyPinRecord[] = [];
  let at = HEADER_BYTES;
  let previous: Uint8Array | undefined;
  for (let i = 0; i < count; i++) {
    if (at + UUID_BYTES + 1 + SHARING_KEY_BYTES > bytes.length)
      throw new InvalidKeyPins("a pin is cut short");
    const id = bytes.subarray(at, at + UUID_BYTES);
    if (id[0] !== shard) throw new InvalidKeyPins(`a pin of shard ${id[0]} in shard ${shard}`);
    if (previous && compareBytes(previous, id) >= 0) throw new InvalidKeyPins("pins out of order");
    const flags = bytes[at + UUID_BYTES] as number;
    if ((flags & ~(VERIFIED | HAS_SIGNING_KEY)) !== 0)
      throw new InvalidKeyPins(`unknown pin flags ${flags}`);
    at += UUID_BYTES + 1;
    const publicKey = bytes.slice(at, at + SHARING_KEY_BYTES);
    at += SHARING_KEY_BYTES;
    let signingPublicKey: Uint8Array | undefined;
    if (flags & HAS_SIGNING_KEY) {
      if (at + SIGNING_PUBLIC_KEY_BYTES > bytes.length)
        throw new InvalidKeyPins("a signing key is cut short");
      signingPublicKey = bytes.slice(at, at + SIGNING_PUBLIC_KEY_BYTES);
      at += SIGNING_PUBLIC_KEY_BYTES;
    }
    pins.push({
      userId: bytesToUuid(id),
      publicKey,
      ...(signingPublicKey && { signingPublicKey }),
      verified: (flags & VERIFIED) !== 0,
    });
    previous = id;
  }
  if (at !== bytes.length) throw new InvalidKeyPins("bytes after the last pin");
  return { shard, generation, held, pins };
}

/** Base64(nonce24 ‖ ciphertext ‖ tag16). Pass `nonce` only in known-answer tests. */
export function sealKeyPinShard(
  sodium: AeadSodium,
  masterKey: Uint8Array,
  shard: KeyPinShard,
  nonce?: Uint8Array,
): string {
  const plaintext = encodeKeyPinShard(shard);
  return sealAead(sodium, masterKey, plaintext, keyPinShardAssociatedData(shard.shard), nonce);
}

/**
 * Opens what was served as shard `shard`. Throws DecryptionFailed under another master
 * key or for another shard's copy (the associated data differs), InvalidKeyPins for a
 * plaintext that breaks the format.
 */
export function openKeyPinShard(
  sodium: AeadSodium,
  masterKey: Uint8Array,
  shard: number,
  sealed: string,
): KeyPinShard {
  const data = keyPinShardAssociatedData(shard);
  const opened = decodeKeyPinShard(
    openAead(sodium, masterKey, sealed, data, "sealed key pin shard"),
  );
  if (opened.shard !== shard) throw new InvalidKeyPins(`shard ${opened.shard} served as ${shard}`);
  return opened;
}

function checkShardNumber(shard: number): void {
  if (!Number.isInteger(shard) || shard < 0 || shard >= KEY_PIN_SHARDS)
    throw new InvalidKeyPins(`no shard ${shard}`);
}

function checkKeys(pin: KeyPinRecord): void {
  if (pin.publicKey.length !== SHARING_KEY_BYTES)
    throw new InvalidKeyPins(`the pin of ${pin.userId} is not a 32-byte key`);
  if (pin.signingPublicKey && pin.signingPublicKey.length !== SIGNING_PUBLIC_KEY_BYTES)
    throw new InvalidKeyPins(`the signing key pinned for ${pin.userId} is not 32 bytes`);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}
