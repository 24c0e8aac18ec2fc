// Trying content keys newest first (contract.md §9 rule 11): the first key that opens
// wins, and the caller learns whether it was the current one (index 0) or an older one,
// which makes the content a straggler to re-seal.
import { DecryptionFailed } from "@notes/crypto";

export interface Opened<T> {
  value: T;
  /** Position of the key that opened it; 0 is the current key. */
  index: number;
}

/** Throws the current key's DecryptionFailed when no key opens; other errors at once. */
export function openWithKeys<T>(
  keys: readonly Uint8Array[],
  open: (key: Uint8Array) => T,
): Opened<T> {
  let first: unknown;
  for (const [index, key] of keys.entries()) {
    try {
      return { value: open(key), index };
    } catch (error) {
      if (!(error instanceof DecryptionFailed)) throw error;
      first ??= error;
    }
  }
  throw first ?? new DecryptionFailed("content (no key held)");
}
