// Live-room frames (§9 byte-level detail 10): one binary WebSocket frame is the raw
// bytes nonce24 ‖ ciphertext ‖ tag16 (not Base64) under the note's content key, with
// the note id as associated data. The plaintext is one kind byte, then the Yjs payload.
// The kind sits inside the ciphertext, so a relay cannot re-label a frame.
import { type AeadSodium, openAeadBytes, sealAeadBytes } from "./aead";
import { InvalidLiveFrame } from "./errors";
import { noteAssociatedData } from "./note-id";

/** 0 = Yjs document update, 1 = y-protocols awareness update. */
export type LiveFrameKind = 0 | 1;

export interface LiveFrame {
  kind: LiveFrameKind;
  payload: Uint8Array;
}

/** Pass `nonce` only in known-answer tests. */
export function sealLiveFrame(
  sodium: AeadSodium,
  contentKey: Uint8Array,
  noteId: string,
  kind: LiveFrameKind,
  payload: Uint8Array,
  nonce?: Uint8Array,
): Uint8Array {
  if (!isKind(kind)) throw new InvalidLiveFrame(`unknown live frame kind ${String(kind)}`);
  const plaintext = new Uint8Array(1 + payload.length);
  plaintext[0] = kind;
  plaintext.set(payload, 1);
  return sealAeadBytes(sodium, contentKey, plaintext, noteAssociatedData(noteId), nonce);
}

/**
 * Throws DecryptionFailed for a wrong key, another note's frame or altered bytes, and
 * InvalidLiveFrame when the authentic plaintext carries a kind this client does not know.
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
  if (kind === undefined || !isKind(kind)) {
    throw new InvalidLiveFrame(`unknown live frame kind ${String(kind)}`);
  }
  return { kind, payload: plaintext.subarray(1) };
}

function isKind(value: number): value is LiveFrameKind {
  return value === 0 || value === 1;
}
