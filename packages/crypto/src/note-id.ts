// The associated data that binds note content to its note (§9 byte-level detail 5):
// UTF-8 of the lower-case hyphenated 36-character id. Upper-case input is accepted
// and lowered, so the same note always yields the same bytes.
import { InvalidNoteId } from "./errors";
import { utf8Encode } from "./utf8";

export const HYPHENATED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function noteAssociatedData(noteId: string): Uint8Array {
  const canonical = noteId.toLowerCase();
  if (!HYPHENATED_UUID.test(canonical)) {
    throw new InvalidNoteId(
      `note id must be a hyphenated 36-character uuid, got ${JSON.stringify(noteId)}`,
    );
  }
  return utf8Encode(canonical);
}
