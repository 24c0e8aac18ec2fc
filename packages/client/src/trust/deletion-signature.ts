// The owner's signature over a note's deletion (issue 33, item 3; docs/client-crypto.md,
// "Signed deletion"). A tombstone is the server's word, and a server that lies could
// erase any note from every device with one; so the owner signs the deletion and the
// server hands the signature to every member on the tombstone. The block is a Signed
// content block (80 bytes: signer id ‖ Ed25519 signature) over a message of the same
// 99-byte layout with its own kind byte, so no signature of content can pass for a
// deletion or the other way round:
//   "notes/signature/v1" (18) ‖ kind 7 (1) ‖ note id (16) ‖ 16 zero bytes (a deletion is
//   sealed under no key) ‖ signer id (16) ‖ BLAKE2b-256(version as 8 bytes big-endian) (32)
// `version` is the note's version the owner last saw, which the server holds the
// deletion to (else 412): a device that saw more refuses it as an old signature.
import {
  fromBase64,
  readSignatureBlock,
  SIGNATURE_BLOCK_BYTES,
  type Signer,
  type Sodium,
  toBase64,
  utf8Encode,
  uuidToBytes,
} from "@notes/crypto";

/** The kind byte of a deletion (after Signed content's 1–6). */
export const DELETION_KIND = 7;
const LABEL = "notes/signature/v1";
const ID_BYTES = 16;
const MESSAGE_BYTES = 99;

type HashSodium = Pick<Sodium, "crypto_generichash">;
type SignSodium = HashSodium & Pick<Sodium, "crypto_sign_detached">;
type VerifySodium = HashSodium & Pick<Sodium, "crypto_sign_verify_detached">;

/** The 99 bytes a deletion signature signs. */
export function deletionMessage(
  sodium: HashSodium,
  noteId: string,
  signerId: string,
  version: number,
): Uint8Array {
  if (!Number.isSafeInteger(version) || version < 0)
    throw new RangeError(`a note version is a non-negative safe integer, got ${version}`);
  const counter = new Uint8Array(8);
  new DataView(counter.buffer).setBigUint64(0, BigInt(version));
  const message = new Uint8Array(MESSAGE_BYTES);
  message.set(utf8Encode(LABEL), 0);
  message[18] = DELETION_KIND;
  message.set(uuidToBytes(noteId), 19);
  // 35–50: the epoch, 16 zero bytes.
  message.set(uuidToBytes(signerId), 51);
  message.set(sodium.crypto_generichash(32, counter, null), 67);
  return message;
}

/** The signature block (Base64, 80 bytes) of `signer`'s deletion of `noteId` at `version`. */
export function signDeletion(
  sodium: SignSodium,
  signer: Signer,
  noteId: string,
  version: number,
): string {
  const message = deletionMessage(sodium, noteId, signer.userId, version);
  const block = new Uint8Array(SIGNATURE_BLOCK_BYTES);
  block.set(uuidToBytes(signer.userId));
  block.set(sodium.crypto_sign_detached(message, signer.secretKey), ID_BYTES);
  return toBase64(block);
}

/** The signer a deletion block names, or undefined when it is not a well-formed block. */
export function deletionSigner(block: string): string | undefined {
  try {
    return readSignatureBlock(block).signerId;
  } catch {
    return undefined;
  }
}

/**
 * Whether `block` is its named signer's deletion of `noteId` at `version`, under
 * `signingPublicKey` (the caller's own, or one pinned here: never the server's word).
 */
export function verifyDeletion(
  sodium: VerifySodium,
  signingPublicKey: Uint8Array,
  block: string,
  noteId: string,
  version: number,
): boolean {
  const signerId = deletionSigner(block);
  if (!signerId || signingPublicKey.length !== 32) return false;
  const signature = fromBase64(block).subarray(ID_BYTES);
  try {
    const message = deletionMessage(sodium, noteId, signerId, version);
    return sodium.crypto_sign_verify_detached(signature, message, signingPublicKey);
  } catch {
    return false;
  }
}
