// Signed key handouts (issue 33; docs/client-crypto.md, "The signed group state"). A
// wrap (crypto_box_seal of a content key to a member's public key) is anonymous: anyone
// who knows the public key can make one, the server included. So each wrap travels with
// the note owner's signature block (80 bytes: signer id ‖ Ed25519 signature, as in
// content-signature.ts) over this 136-byte message:
//   "notes/key-handout/v1" (20) ‖ note id (16) ‖ epoch (4, big-endian)
//   ‖ keyId (16: the epochId bytes of the content key) ‖ recipient id (16)
//   ‖ recipient's X25519 public key (32) ‖ BLAKE2b-256(wrap bytes) (32)
// A device adopts the key inside a wrap only when the block verifies under the owner's
// pinned signing key, names it and its public key, and its epoch is newer than the one
// it holds (client: notes/note-keys.ts).
import { fromBase64, toBase64 } from "./base64";
import { concatBytes } from "./concat-bytes";
import { readSignatureBlock, SIGNATURE_BLOCK_BYTES, type Signer } from "./content-signature";
import { assertLength } from "./errors";
import { uint32 } from "./roster-entry";
import type { Sodium } from "./sodium";
import { utf8Encode } from "./utf8";
import { UUID_BYTES, uuidToBytes } from "./uuid-bytes";

export const HANDOUT_LABEL = "notes/key-handout/v1";

export interface Handout {
  noteId: string;
  /** The roster epoch the wrap was made at (roster-entry.ts). */
  epoch: number;
  /** The first 16 bytes of BLAKE2b-256(content key): the key's epochId bytes. */
  keyId: Uint8Array;
  recipientId: string;
  /** The raw 32-byte X25519 key the wrap is sealed to. */
  recipientPublicKey: Uint8Array;
  /** The wrap as sent: Base64 of crypto_box_seal's output. */
  wrappedCek: string;
}

type HashSodium = Pick<Sodium, "crypto_generichash">;

export function handoutMessage(sodium: HashSodium, handout: Handout): Uint8Array {
  assertLength(handout.keyId, 16, "keyId");
  assertLength(handout.recipientPublicKey, 32, "recipient public key");
  return concatBytes([
    utf8Encode(HANDOUT_LABEL),
    uuidToBytes(handout.noteId),
    uint32(handout.epoch),
    handout.keyId,
    uuidToBytes(handout.recipientId),
    handout.recipientPublicKey,
    sodium.crypto_generichash(32, fromBase64(handout.wrappedCek), null),
  ]);
}

/** The handout's signature block (Base64, 80 bytes), signed by `signer`. */
export function signHandout(
  sodium: HashSodium & Pick<Sodium, "crypto_sign_detached">,
  signer: Signer,
  handout: Handout,
): string {
  const block = new Uint8Array(SIGNATURE_BLOCK_BYTES);
  block.set(uuidToBytes(signer.userId));
  block.set(
    sodium.crypto_sign_detached(handoutMessage(sodium, handout), signer.secretKey),
    UUID_BYTES,
  );
  return toBase64(block);
}

/**
 * Whether `block` is `signerId`'s valid signature of `handout`, under the signing key the
 * caller supplies from its pins. A malformed block, another signer, a bad signature: false.
 */
export function verifyHandout(
  sodium: HashSodium & Pick<Sodium, "crypto_sign_verify_detached">,
  signerId: string,
  signingPublicKey: Uint8Array,
  block: string,
  handout: Handout,
): boolean {
  if (signingPublicKey.length !== 32) return false;
  try {
    const read = readSignatureBlock(block);
    if (read.signerId !== signerId.toLowerCase()) return false;
    return sodium.crypto_sign_verify_detached(
      read.signature,
      handoutMessage(sodium, handout),
      signingPublicKey,
    );
  } catch {
    return false;
  }
}
