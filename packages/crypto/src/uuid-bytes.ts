// An account or note id as the 16 bytes it stands for, and back: the form ids take
// inside signed messages and signature blocks (docs/client-crypto.md, "Signed content").
// The text form is the lower-case hyphenated 36-character uuid.
import { InvalidUserId } from "./errors";
import { HYPHENATED_UUID } from "./note-id";

export const UUID_BYTES = 16;

/** Throws InvalidUserId for anything but a hyphenated uuid (either case). */
export function uuidToBytes(id: string): Uint8Array {
  const canonical = id.toLowerCase();
  if (!HYPHENATED_UUID.test(canonical)) throw new InvalidUserId(`not a uuid: ${id}`);
  const hex = canonical.replaceAll("-", "");
  return Uint8Array.from({ length: UUID_BYTES }, (_, i) =>
    Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16),
  );
}

export function bytesToUuid(bytes: Uint8Array): string {
  if (bytes.length !== UUID_BYTES)
    throw new InvalidUserId(`a uuid is 16 bytes, got ${bytes.length}`);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
