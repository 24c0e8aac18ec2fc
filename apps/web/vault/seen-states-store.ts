// Keeps what this browser has seen of each note (issue 21, attack 5: the SDK's seen
// states) across reloads, sealed under a key of its own derived from the master key,
// in IndexedDB (sealed-json-store.ts). Without it a reload would forget, and a lying
// server would only have to wait for one to serve an older copy as the first it is
// judged against. At 10,000 notes the JSON alone is ~1 MB: written once the person
// pauses, never between two keys.
import { MemorySeenStates, parseSeenStates, type Session } from "@notes/client";
import type { LocalDb } from "./local-db";
import { readSealedJson, saveSealedJson } from "./sealed-json-store";

const RECORD = { name: "seenStates", purpose: "seen", parse: parseSeenStates } as const;

/** Gives `session` its seen states with the stored ones; saves them on change. Answers stop(). */
export async function keepSeenStates(db: LocalDb, session: Session): Promise<() => void> {
  const restored = (await readSealedJson(db, session, RECORD)) ?? [];
  const states = new MemorySeenStates([...(session.seenStates?.all() ?? []), ...restored]);
  session.seenStates = states;
  return saveSealedJson(
    db,
    session,
    RECORD,
    () => states.all(),
    (l) => states.onChange(l),
  );
}
