/** Whether a stored byte column (null when absent) holds exactly these bytes. */
export const sameBytes = (stored: Uint8Array | null, given: Uint8Array): boolean =>
  stored !== null && Buffer.from(stored).equals(Buffer.from(given));
