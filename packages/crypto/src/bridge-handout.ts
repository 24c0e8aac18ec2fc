// A signed bridge key handout (docs/client-crypto.md "Signed bridge key handouts"; issue
// 33, item 1). A wrap of the bridge key (crypto_box_seal, bridge-key.ts) says nothing of
// who made it: anyone, the server included, can seal a key of its own to a member. So
// whoever hands the key out signs, with the account's Ed25519 key, a 143-byte message:
//   "notes/bridge-handout/v1" (23 ASCII bytes) ‖ signer (16) ‖ epoch number (8, BE)
//   ‖ epoch (16: the first bytes of BLAKE2b-256(key), the epochId's) ‖ recipient (16)
//   ‖ recipient's X25519 public key (32) ‖ BLAKE2b-256(wrap) (32)
// and sends the block (signer ‖ signature, 80 bytes: the form of "Signed content") beside
// the wrap. The label differs from content signatures', so neither passes for the other;
// the number orders epochs (it only grows), and the rest binds this wrap to this person.
import { fromBase64, toBase64 } from "./base64";
import { concatBytes } from "./concat-bytes";
import { readSignatureBlock, SIGNATURE_BLOCK_BYTES, type Signer } from "./content-signature";
import { assertLength, InvalidEncoding } from "./errors";
import type { Sodium } from "./sodium";
import { utf8Encode } from "./utf8";
import { UUID_BYTES, uuidToBytes } from "./uuid-bytes";

export const BRIDGE_HANDOUT_LABEL = "notes/bridge-handout/v1";
export const BRIDGE_HANDOUT_MESSAGE_BYTES = 143;

/** What one handout binds: the key's epoch and number, and the wrap made for whom. */
export interface BridgeHandout {
  /** The epoch counter: 1 for a bridge's first signed epoch, one more at each rotation. */
  epochNumber: number;
  /** The 32-byte bridge key (only its fingerprint enters the message). */
  key: Uint8Array;
  recipientId: string;
  /** The X25519 key the wrap is sealed to. */
  recipientPublicKey: Uint8Array;
  /** The wrap as sent: Base64 of crypto_box_seal(key, recipientPublicKey). */
  wrappedKey: string;
}

type HashSodium = Pick<Sodium, "crypto_generichash">;

/** Throws InvalidEncoding unless `n` is a whole number from 1 to 2^53 − 1. */
export function assertEpochNumber(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new InvalidEncoding(`an epoch number is a whole number from 1 to 2^53 − 1, got ${n}`);
}

function epochNumberBytes(n: number): Uint8Array {
  assertEpochNumber(n);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(n));
  return bytes;
}

export function bridgeHandoutMessage(
  sodium: HashSodium,
  handout: BridgeHandout,
  signerId: string,
): Uint8Array {
  assertLength(handout.key, 32, "bridge key");
  assertLength(handout.recipientPublicKey, 32, "recipient public key");
  return concatBytes([
    utf8Encode(BRIDGE_HANDOUT_LABEL),
    uuidToBytes(signerId),
    epochNumberBytes(handout.epochNumber),
    sodium.crypto_generichash(32, handout.key, null).subarray(0, UUID_BYTES),
    uuidToBytes(handout.recipientId),
    handout.recipientPublicKey,
    sodium.crypto_generichash(32, fromBase64(handout.wrappedKey), null),
  ]);
}

/** The handout's signature block (Base64, 80 bytes), signed by `signer`. */
export function signBridgeHandout(
  sodium: HashSodium & Pick<Sodium, "crypto_sign_detached">,
  signer: Signer,
  handout: BridgeHandout,
): string {
  const message = bridgeHandoutMessage(sodium, handout, signer.userId);
  const block = new Uint8Array(SIGNATURE_BLOCK_BYTES);
  block.set(uuidToBytes(signer.userId));
  block.set(sodium.crypto_sign_detached(message, signer.secretKey), UUID_BYTES);
  return toBase64(block);
}

/**
 * Whether `block` is a valid handout signature by its named signer, under the signing
 * key the caller supplies (its own, or the one it pinned: never the server's word).
 * Anything malformed is simply not valid.
 */
export function verifyBridgeHandout(
  sodium: HashSodium & Pick<Sodium, "crypto_sign_verify_detached">,
  signingPublicKey: Uint8Array,
  block: string,
  handout: BridgeHandout,
): boolean {
  if (signingPublicKey.length !== 32) return false;
  try {
    const { signerId, signature } = readSignatureBlock(block);
    const message = bridgeHandoutMessage(sodium, handout, signerId);
    return sodium.crypto_sign_verify_detached(signature, message, signingPublicKey);
  } catch {
    return false;
  }
}
