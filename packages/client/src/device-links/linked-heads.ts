// What the signed-in device saw of each note, carried to the device it links (issue 33,
// item 12; docs/client-crypto.md, "Seen heads in the device-link seal"). Seen states are
// per device, so a fresh device took the first state the server served, an older one
// included. The device link is the one way from one of the account's devices to another
// that the server cannot withhold or alter: the seal is AES-GCM under an ECDH key the
// server does not know, and the sealer proof (keyed from the QR secret) shows it is the
// signed-in device's. The seal therefore carries its seen heads, 29 bytes a note, and
// the new device starts from them: an older state than the linking device saw is
// refused there as on the linking device (RollbackDetected).
import { bytesToUuid, fromBase64, toBase64, uuidToBytes } from "@notes/crypto";
import type { SeenState } from "../trust/seen-states";

/** Bytes per head: note id 16, version 4, snapshot version 4, metadata revision 4, flags 1. */
export const HEAD_BYTES = 29;
/**
 * Heads a seal carries at most (the most written notes first): 12,000 × 29 bytes, in
 * Base64 inside the sealed JSON, stay under the seal's 524,288 bytes.
 */
export const MAX_LINKED_HEADS = 12_000;
/** Flag bit: the note's owner signed its deletion (it never comes back live). */
const DELETED = 1;
const UINT32 = 0xffff_ffff;

/**
 * The states encodeHeadBytes would carry of `states` (the MAX_LINKED_HEADS of highest
 * version, ties to the lower note id), picked without sorting them all: a threshold
 * version from a native sort of the versions, then the notes at it by a native sort of
 * their ids. Merging another copy into the pick carries the same heads as merging it
 * into all of `states` (a note left out ranks behind every note picked, and a merge
 * only raises versions). At 100,000 notes the sorts by comparator cost a tab ~0.5 s.
 */
export function mostWritten<T extends SeenState>(
  states: readonly T[],
  max = MAX_LINKED_HEADS,
): readonly T[] {
  if (states.length <= max) return states;
  const versions = new Float64Array(states.length);
  for (let i = 0; i < states.length; i++) versions[i] = (states[i] as T).version;
  versions.sort();
  const least = versions[states.length - max] as number;
  const above: T[] = [];
  const at: T[] = [];
  for (const state of states)
    if (state.version > least) above.push(state);
    else if (state.version === least) at.push(state);
  const room = max - above.length;
  if (at.length > room) {
    // The lowest ids at the threshold (sort() compares as `<` does: UTF-16 code units).
    const last = at.map((state) => state.noteId.toLowerCase()).sort()[room - 1] as string;
    let equal = room - at.filter((state) => state.noteId.toLowerCase() < last).length;
    return [
      ...above,
      ...at.filter((state) => {
        const key = state.noteId.toLowerCase();
        return key < last || (key === last && equal-- > 0);
      }),
    ];
  }
  return [...above, ...at];
}

/** The heads of `states`, in the byte layout of client-crypto.md, Base64. */
export function encodeLinkedHeads(states: readonly SeenState[]): string {
  return toBase64(encodeHeadBytes(states));
}

/**
 * The heads of `states` as raw bytes (the layout of client-crypto.md): at most
 * MAX_LINKED_HEADS, the notes of highest version first, then sorted by note id.
 */
export function encodeHeadBytes(states: readonly SeenState[]): Uint8Array {
  const chosen = [...states]
    .sort((a, b) => b.version - a.version || (a.noteId < b.noteId ? -1 : 1))
    .slice(0, MAX_LINKED_HEADS)
    .sort((a, b) => (a.noteId.toLowerCase() < b.noteId.toLowerCase() ? -1 : 1));
  const out = new Uint8Array(chosen.length * HEAD_BYTES);
  const view = new DataView(out.buffer);
  chosen.forEach((state, i) => {
    const at = i * HEAD_BYTES;
    out.set(uuidToBytes(state.noteId), at);
    view.setUint32(at + 16, clamp(state.version));
    view.setUint32(at + 20, clamp(state.snapshotVersion));
    view.setUint32(at + 24, clamp(state.metadataRev ?? 0));
    out[at + 28] = state.left?.confirmed ? DELETED : 0;
  });
  return out;
}

/**
 * Reads heads back as seen states (`at`: when they arrived, the time a deleted note is
 * remembered as left). Throws RangeError when the bytes are not whole heads.
 */
export function decodeLinkedHeads(encoded: string, at: string): SeenState[] {
  return decodeHeadBytes(fromBase64(encoded), at);
}

/** As decodeLinkedHeads, from raw bytes. Throws RangeError when they are not whole heads. */
export function decodeHeadBytes(bytes: Uint8Array, at: string): SeenState[] {
  if (bytes.length % HEAD_BYTES !== 0) throw new RangeError("not whole seen heads");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const states: SeenState[] = [];
  for (let offset = 0; offset < bytes.length; offset += HEAD_BYTES) {
    const metadataRev = view.getUint32(offset + 24);
    const deleted = ((bytes[offset + 28] ?? 0) & DELETED) !== 0;
    states.push({
      noteId: bytesToUuid(bytes.subarray(offset, offset + 16)),
      version: view.getUint32(offset + 16),
      snapshotVersion: view.getUint32(offset + 20),
      ...(metadataRev > 0 && { metadataRev }),
      ...(deleted && { left: { at, confirmed: true } }),
    });
  }
  return states;
}

function clamp(value: number): number {
  return Math.min(Math.max(0, Math.trunc(value)), UINT32);
}
