// Live-room frames (§9 byte-level detail 10): one binary WebSocket frame is the raw
// bytes nonce24 ‖ ciphertext ‖ tag16 (not Base64) under the note's content key, with
// the note id as associated data. The plaintext is one kind byte, then the payload:
//   0  a Yjs document update (§9 rule 10)
//   1  a y-protocols awareness update (§9 rule 10)
//   2  a signed Yjs document update: signature block (80 bytes) ‖ Yjs update, the block
//      signing the update as a `liveUpdate` (docs/client-crypto.md, "Signed content")
//   3  the key-transparency head the sender's device last saw (issue 34): signature
//      block (80) ‖ u64 epoch ‖ that head's log root (32), the block signing those 40
//      bytes as a `seenHead`, so collaborators compare heads (docs/key-transparency.md)
// The kind sits inside the ciphertext, so a relay cannot re-label a frame. Receivers
// that follow §9 alone drop kinds 2 and 3 as unknown (they get the same text through
// /v1), as do clients from before kind 3: it carries nothing they need.
import { type AeadSodium, openAeadBytes, sealAeadBytes } from "./aead";
import { fromBase64, toBase64 } from "./base64";
import { SIGNATURE_BLOCK_BYTES, type Signer, signContent } from "./content-signature";
import { InvalidLiveFrame } from "./errors";
import { noteAssociatedData } from "./note-id";
import type { Sodium } from "./sodium";

/**
 * 0 = Yjs document update, 1 = y-protocols awareness update, 2 = signed document update,
 * 3 = signed key-transparency head seen.
 */
export type LiveFrameKind = 0 | 1 | 2 | 3;

/** The body of a kind-3 frame: u64 epoch ‖ log root (32). */
export const SEEN_HEAD_BYTES = 40;

export type LiveFrame =
  | { kind: 0 | 1; payload: Uint8Array }
  /**
   * `payload` is the Yjs update (kind 2) or the 40-byte seen head (kind 3); `signature`
   * its signature block (unverified).
   */
  | { kind: 2 | 3; payload: Uint8Array; signature: string };

/** A kind-0 or kind-1 frame. Pass `nonce` only in known-answer tests. */
export function sealLiveFrame(
  sodium: AeadSodium,
  contentKey: Uint8Array,
  noteId: string,
  kind: 0 | 1,
  payload: Uint8Array,
  nonce?: Uint8Array,
): Uint8Array {
  if (kind !== 0 && kind !== 1)
    throw new InvalidLiveFrame(`unknown live frame kind ${String(kind)}`);
  return sealPlaintext(sodium, contentKey, noteId, Uint8Array.of(kind), payload, nonce);
}

/** A kind-2 frame: the update signed by `signer` under this content key's epoch. */
export function sealSignedLiveUpdate(
  sodium: AeadSodium & Pick<Sodium, "crypto_generichash" | "crypto_sign_detached">,
  contentKey: Uint8Array,
  noteId: string,
  update: Uint8Array,
  signer: Signer,
  nonce?: Uint8Array,
): Uint8Array {
  return sealSigned(sodium, contentKey, noteId, 2, update, signer, nonce);
}

/**
 * A kind-3 frame: `seenHead` (SEEN_HEAD_BYTES: u64 epoch ‖ log root, packages/keytrans
 * encodeSeenHead) signed by `signer` as a `seenHead` of this note under this key.
 */
export function sealSignedSeenHead(
  sodium: AeadSodium & Pick<Sodium, "crypto_generichash" | "crypto_sign_detached">,
  contentKey: Uint8Array,
  noteId: string,
  seenHead: Uint8Array,
  signer: Signer,
  nonce?: Uint8Array,
): Uint8Array {
  if (seenHead.length !== SEEN_HEAD_BYTES)
    throw new InvalidLiveFrame(`a seen head is ${SEEN_HEAD_BYTES} bytes, got ${seenHead.length}`);
  return sealSigned(sodium, contentKey, noteId, 3, seenHead, signer, nonce);
}

function sealSigned(
  sodium: AeadSodium & Pick<Sodium, "crypto_generichash" | "crypto_sign_detached">,
  contentKey: Uint8Array,
  noteId: string,
  kind: 2 | 3,
  body: Uint8Array,
  signer: Signer,
  nonce?: Uint8Array,
): Uint8Array {
  const signed = kind === 2 ? "liveUpdate" : "seenHead";
  const block = signContent(sodium, signer, { kind: signed, scope: noteId, key: contentKey }, body);
  const head = new Uint8Array(1 + SIGNATURE_BLOCK_BYTES);
  head[0] = kind;
  head.set(fromBase64(block), 1);
  return sealPlaintext(sodium, contentKey, noteId, head, body, nonce);
}

/**
 * Throws DecryptionFailed for a wrong key, another note's frame or altered bytes, and
 * InvalidLiveFrame when the authentic plaintext carries a kind this client does not know
 * (or a kind-2 frame too short for its signature block, a kind-3 frame of another
 * length). A signature is not checked here: the caller verifies it against the
 * signer's pinned key.
 */
export function openLiveFrame(
  sodium: AeadSodium,
  contentKey: Uint8Array,
  noteId: string,
  frame: Uint8Array,
): LiveFrame {
  const plaintext = openAeadBytes(
    sodium,
    contentKey,
    frame,
    noteAssociatedData(noteId),
    "live frame",
  );
  const kind = plaintext[0];
  if (kind === 0 || kind === 1) return { kind, payload: plaintext.subarray(1) };
  const signed =
    (kind === 2 && plaintext.length >= 1 + SIGNATURE_BLOCK_BYTES) ||
    (kind === 3 && plaintext.length === 1 + SIGNATURE_BLOCK_BYTES + SEEN_HEAD_BYTES);
  if (signed) {
    return {
      kind,
      signature: toBase64(plaintext.subarray(1, 1 + SIGNATURE_BLOCK_BYTES)),
      payload: plaintext.subarray(1 + SIGNATURE_BLOCK_BYTES),
    };
  }
  throw new InvalidLiveFrame(`unknown or short live frame (kind ${String(kind)})`);
}

function sealPlaintext(
  sodium: AeadSodium,
  contentKey: Uint8Array,
  noteId: string,
  head: Uint8Array,
  payload: Uint8Array,
  nonce?: Uint8Array,
): Uint8Array {
  const plaintext = new Uint8Array(head.length + payload.length);
  plaintext.set(head);
  plaintext.set(payload, head.length);
  return sealAeadBytes(sodium, contentKey, plaintext, noteAssociatedData(noteId), nonce);
}
