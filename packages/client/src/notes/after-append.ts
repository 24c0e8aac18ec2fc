// What a client does once the server acknowledged an append, written once for the
// SDK's NoteEditor and the web app's outbox: the edits count as held (a compaction
// that drops them is refused on this device too: served-state.ts, attack 6), the
// note's version moves on only when nobody appended in between (the document then
// holds every version up to the new one; otherwise sync fills the gap), and the
// note is compacted when due.
import type { ApiClient } from "../api/client";
import type { NoteCoordinates } from "../api/types";
import { holdAcknowledged } from "../trust/served-state";
import type { Session } from "../vault/session";
import { compactIfDue } from "./compact";
import type { OpenNote } from "./open-state";

export interface AcknowledgedAppend {
  /** Where the server put it. */
  at: NoteCoordinates;
  /** How many updates it held. */
  updateCount: number;
  /** The writers' clocks its updates reach (clocksOf each update; none known: empty). */
  clocks: Iterable<Iterable<[number, number]>>;
}

/** Answers the compaction's coordinates when one was made (compactIfDue). */
export async function afterAppend(
  api: ApiClient,
  note: OpenNote,
  append: AcknowledgedAppend,
  session?: Session,
): Promise<NoteCoordinates | undefined> {
  for (const reached of append.clocks) holdAcknowledged(note, reached);
  if (append.at.version === note.version + append.updateCount) note.version = append.at.version;
  return compactIfDue(api, note, append.at.version, session);
}
