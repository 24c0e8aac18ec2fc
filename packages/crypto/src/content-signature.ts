// Signed content (docs/client-crypto.md, "Signed content"; issue 21, attacks 3 and 4).
// Whoever writes a snapshot, update, metadata digest, revision, live update or bridge
// transmission signs it with their account's Ed25519 key. The signature travels beside
// the ciphertext as a signature block, Base64 of 80 bytes:
//   signer account id (16 bytes) ‖ Ed25519 signature (64 bytes)
// over the 99-byte signed message:
//   "notes/signature/v1" (18 ASCII bytes) ‖ kind (1) ‖ scope (16) ‖ epoch (16)
//   ‖ signer (16) ‖ BLAKE2b-256(body) (32)
// kind names the object, scope the note (16 zero bytes for the bridge), epoch the key it
// is sealed under (the first 16 bytes of BLAKE2b-256(key): the epochId's bytes), signer
// the account. So a signature cannot be moved to another note, another kind of object,
// another key epoch or another author. body is the envelope's bytes (nonce ‖ ciphertext
// ‖ tag) for stored objects, and the Yjs update for a live update (signed inside its frame).
import { fromBase64, toBase64 } from "./base64";
import { concatBytes } from "./concat-bytes";
import { assertLength, InvalidSignature } from "./errors";
import type { Sodium } from "./sodium";
import { utf8Encode } from "./utf8";
import { bytesToUuid, UUID_BYTES, uuidToBytes } from "./uuid-bytes";

export const SIGNATURE_LABEL = "notes/signature/v1";
export const SIGNATURE_BYTES = 64;
export const SIGNATURE_BLOCK_BYTES = UUID_BYTES + SIGNATURE_BYTES;

/** The kind byte of each signed object. */
export const SIGNED_KINDS = {
  snapshot: 1,
  update: 2,
  metadata: 3,
  revision: 4,
  liveUpdate: 5,
  bridgeTransmission: 6,
  /** Kind 7 is a note's deletion (client: trust/deletion-signature.ts; the body is the version). */
  deletion: 7,
  /** Kind 8 is what a share link serves (share-link-signature.ts; the scope is the link id). */
  shareLink: 8,
  /**
   * Kind 9 is the key-transparency head a member's device last saw, carried in a live
   * frame of kind 3 (live-frame.ts; docs/key-transparency.md, "Comparing heads"): the
   * body is u64 epoch ‖ the log root of that epoch's head.
   */
  seenHead: 9,
} as const;

export type SignedKind = keyof typeof SIGNED_KINDS;

/** What a signature is bound to besides its body. */
export interface SignedContext {
  kind: SignedKind;
  /**
   * The note's id; null for a bridge transmission (16 zero bytes); or 16 raw bytes (a
   * share link's id, which is no uuid).
   */
  scope: string | Uint8Array | null;
  /** The key the object is sealed under: a note's content key, or the bridge key. */
  key: Uint8Array;
}

export interface Signer {
  userId: string;
  /** libsodium's 64-byte Ed25519 secret key. */
  secretKey: Uint8Array;
}

type SignSodium = Pick<Sodium, "crypto_generichash" | "crypto_sign_detached">;
type VerifySodium = Pick<Sodium, "crypto_generichash" | "crypto_sign_verify_detached">;

export function signatureMessage(
  sodium: Pick<Sodium, "crypto_generichash">,
  context: SignedContext,
  signerId: string,
  body: Uint8Array,
): Uint8Array {
  assertLength(context.key, 32, "key");
  return concatBytes([
    utf8Encode(SIGNATURE_LABEL),
    Uint8Array.of(SIGNED_KINDS[context.kind]),
    scopeBytes(context.scope),
    sodium.crypto_generichash(32, context.key, null).subarray(0, 16),
    uuidToBytes(signerId),
    sodium.crypto_generichash(32, body, null),
  ]);
}

function scopeBytes(scope: SignedContext["scope"]): Uint8Array {
  if (scope === null) return new Uint8Array(UUID_BYTES);
  if (typeof scope === "string") return uuidToBytes(scope);
  assertLength(scope, UUID_BYTES, "scope");
  return scope;
}

/** The signature block (Base64, 80 bytes) of `body` in `context`, signed by `signer`. */
export function signContent(
  sodium: SignSodium,
  signer: Signer,
  context: SignedContext,
  body: Uint8Array,
): string {
  const message = signatureMessage(sodium, context, signer.userId, body);
  const block = new Uint8Array(SIGNATURE_BLOCK_BYTES);
  block.set(uuidToBytes(signer.userId));
  block.set(sodium.crypto_sign_detached(message, signer.secretKey), UUID_BYTES);
  return toBase64(block);
}

/** Who a block says signed, and the signature. Throws InvalidSignature for a malformed block. */
export function readSignatureBlock(block: string): { signerId: string; signature: Uint8Array } {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(block);
  } catch (cause) {
    throw new InvalidSignature("a signature block is not Base64", { cause });
  }
  if (bytes.length !== SIGNATURE_BLOCK_BYTES) {
    throw new InvalidSignature(
      `a signature block is ${SIGNATURE_BLOCK_BYTES} bytes, got ${bytes.length}`,
    );
  }
  return {
    signerId: bytesToUuid(bytes.subarray(0, UUID_BYTES)),
    signature: bytes.subarray(UUID_BYTES),
  };
}

/**
 * Whether `block` is a valid signature of `body` in `context` by its named signer, whose
 * Ed25519 public key the caller supplies (from its pins: never from the block or the
 * server's word alone). A malformed block is simply not valid.
 */
export function verifyContent(
  sodium: VerifySodium,
  signingPublicKey: Uint8Array,
  block: string,
  context: SignedContext,
  body: Uint8Array,
): boolean {
  if (signingPublicKey.length !== 32) return false;
  let read: { signerId: string; signature: Uint8Array };
  try {
    read = readSignatureBlock(block);
  } catch {
    return false;
  }
  const message = signatureMessage(sodium, context, read.signerId, body);
  try {
    return sodium.crypto_sign_verify_detached(read.signature, message, signingPublicKey);
  } catch {
    return false;
  }
}
