// A note's signed membership chain (issue 33; docs/client-crypto.md, "The signed group
// state"). Every roster the owner decides is one entry, signed by the owner's signing
// key, naming the hash of the entry before it, so the chain is append-only and a member
// reads who is on the note as the owner signed it, not as the server lists it.
// Entry bytes (the message):
//   "notes/roster/v1" (15) ‖ note id (16) ‖ epoch (4, big-endian) ‖ prev (32)
//   ‖ keyId (16) ‖ member count (2, big-endian) ‖ members, sorted by id:
//     id (16) ‖ role (1: 1 owner, 2 editor, 3 viewer) ‖ keys (32)
// prev = BLAKE2b-256 of the previous entry's wire bytes (32 zero bytes for the first);
// keyId = the first 16 bytes of BLAKE2b-256(content key of this epoch); keys =
// BLAKE2b-256(the member's X25519 public key ‖ their Ed25519 signing key, when pinned).
// Wire form: message ‖ signature block (signer id 16 ‖ Ed25519 signature of the message 64).
import { concatBytes } from "./concat-bytes";
import { SIGNATURE_BLOCK_BYTES, type Signer } from "./content-signature";
import { assertLength, InvalidSignature } from "./errors";
import type { Sodium } from "./sodium";
import { utf8Decode, utf8Encode } from "./utf8";
import { bytesToUuid, UUID_BYTES, uuidToBytes } from "./uuid-bytes";

export const ROSTER_LABEL = "notes/roster/v1";
const MEMBER_BYTES = UUID_BYTES + 1 + 32;
const HEAD_BYTES = ROSTER_LABEL.length + UUID_BYTES + 4 + 32 + 16 + 2;
const ROLES = { owner: 1, editor: 2, viewer: 3 } as const;

export type RosterRole = keyof typeof ROLES;

export interface RosterMember {
  userId: string;
  role: RosterRole;
  /** BLAKE2b-256 of the member's keys as the owner pinned them (memberKeysDigest). */
  keys: Uint8Array;
}

export interface RosterEntry {
  noteId: string;
  epoch: number;
  /** BLAKE2b-256 of the previous entry's wire bytes; 32 zero bytes for the first. */
  prev: Uint8Array;
  /** The epochId bytes of the content key members hold from this epoch on. */
  keyId: Uint8Array;
  members: RosterMember[];
}

export interface SignedRosterEntry {
  entry: RosterEntry;
  /** Who signed it, and the wire bytes (message ‖ block). */
  signerId: string;
  wire: Uint8Array;
}

type HashSodium = Pick<Sodium, "crypto_generichash">;

/** Four bytes, big-endian: the epochs of entries and handouts. */
export function uint32(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) {
    throw new RangeError(`not an epoch: ${value}`);
  }
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

export function memberKeysDigest(
  sodium: HashSodium,
  publicKey: Uint8Array,
  signingPublicKey?: Uint8Array,
): Uint8Array {
  assertLength(publicKey, 32, "public key");
  const keys = signingPublicKey ? concatBytes([publicKey, signingPublicKey]) : publicKey;
  return sodium.crypto_generichash(32, keys, null);
}

export function rosterMessage(entry: RosterEntry): Uint8Array {
  assertLength(entry.prev, 32, "prev");
  assertLength(entry.keyId, 16, "keyId");
  const members = [...entry.members].sort((a, b) =>
    a.userId.toLowerCase() < b.userId.toLowerCase() ? -1 : 1,
  );
  const count = new Uint8Array(2);
  new DataView(count.buffer).setUint16(0, members.length);
  return concatBytes([
    utf8Encode(ROSTER_LABEL),
    uuidToBytes(entry.noteId),
    uint32(entry.epoch),
    entry.prev,
    entry.keyId,
    count,
    ...members.flatMap((m) => {
      assertLength(m.keys, 32, "member keys");
      return [uuidToBytes(m.userId), Uint8Array.of(ROLES[m.role]), m.keys];
    }),
  ]);
}

export function signRosterEntry(
  sodium: Pick<Sodium, "crypto_sign_detached">,
  signer: Signer,
  entry: RosterEntry,
): Uint8Array {
  const message = rosterMessage(entry);
  return concatBytes([
    message,
    uuidToBytes(signer.userId),
    sodium.crypto_sign_detached(message, signer.secretKey),
  ]);
}

/** Reads fixed-width fields front to back. */
function byteReader(bytes: Uint8Array) {
  let at = 0;
  const take = (n: number) => {
    const part = bytes.slice(at, at + n);
    at += n;
    return part;
  };
  const number = (n: 1 | 2 | 4) => {
    const view = new DataView(take(n).buffer);
    return n === 1 ? view.getUint8(0) : n === 2 ? view.getUint16(0) : view.getUint32(0);
  };
  return { take, number, rest: () => bytes.slice(at) };
}

/** Reads wire bytes; throws InvalidSignature when they are not a well-formed entry. */
export function parseRosterEntry(wire: Uint8Array): SignedRosterEntry & { signature: Uint8Array } {
  const fail = (why: string) => new InvalidSignature(`not a roster entry: ${why}`);
  if (wire.length < HEAD_BYTES + SIGNATURE_BLOCK_BYTES) throw fail("too short");
  const read = byteReader(wire);
  if (utf8Decode(read.take(ROSTER_LABEL.length)) !== ROSTER_LABEL) throw fail("label");
  const noteId = bytesToUuid(read.take(UUID_BYTES));
  const epoch = read.number(4);
  const prev = read.take(32);
  const keyId = read.take(16);
  const count = read.number(2);
  if (wire.length !== HEAD_BYTES + count * MEMBER_BYTES + SIGNATURE_BLOCK_BYTES) {
    throw fail("length");
  }
  const members: RosterMember[] = [];
  for (let i = 0; i < count; i++) {
    const userId = bytesToUuid(read.take(UUID_BYTES));
    const code = read.number(1);
    const role = (Object.keys(ROLES) as RosterRole[]).find((r) => ROLES[r] === code);
    if (!role) throw fail("role");
    members.push({ userId, role, keys: read.take(32) });
  }
  const signerId = bytesToUuid(read.take(UUID_BYTES));
  const signature = read.rest();
  return { entry: { noteId, epoch, prev, keyId, members }, signerId, wire, signature };
}

/** Whether `wire` is a well-formed entry validly signed by `signerId` under `signingPublicKey`. */
export function verifyRosterEntry(
  sodium: Pick<Sodium, "crypto_sign_verify_detached">,
  signerId: string,
  signingPublicKey: Uint8Array,
  wire: Uint8Array,
): boolean {
  try {
    const parsed = parseRosterEntry(wire);
    if (parsed.signerId !== signerId.toLowerCase() || signingPublicKey.length !== 32) return false;
    const message = wire.subarray(0, wire.length - SIGNATURE_BLOCK_BYTES);
    return sodium.crypto_sign_verify_detached(parsed.signature, message, signingPublicKey);
  } catch {
    return false;
  }
}

/** The hash the next entry names as `prev`. */
export function rosterEntryHash(sodium: HashSodium, wire: Uint8Array): Uint8Array {
  return sodium.crypto_generichash(32, wire, null);
}
