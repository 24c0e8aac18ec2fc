// Keeps what this browser has seen of each note (issue 21, attack 5: the SDK's seen
// states) across reloads, sealed under a key of its own derived from the master key,
// in IndexedDB. Without it a reload would forget, and a lying server would only have
// to wait for one to serve an older copy as the first it is judged against. A store
// that does not open (another account's, or damaged) is ignored: the device starts
// afresh, as a new device does.
import { MemorySeenStates, parseSeenStates, type Session } from "@notes/client";
import { utf8Decode, utf8Encode } from "@notes/crypto";
import { afterPause } from "./after-pause";
import type { LocalDb } from "./local-db";
import { localKey, openLocal, sealLocal } from "./local-seal";

const KEY = "seenStates";
/** Quiet time after the last change, and after the last key or click, before saving. */
const SAVE_AFTER_MS = 1_500;

/** Gives `session` its seen states with the stored ones; saves them on change. Answers stop(). */
export async function keepSeenStates(db: LocalDb, session: Session): Promise<() => void> {
  const key = await localKey(session, "seen");
  const stored = await db.get("meta", KEY);
  const opened = stored ? await openLocal(key, stored) : undefined;
  let restored: ReturnType<typeof parseSeenStates> = [];
  try {
    restored = opened ? parseSeenStates(utf8Decode(opened)) : [];
  } catch {
    // Not the JSON this module writes: nothing of it is trusted.
  }
  const states = new MemorySeenStates([...(session.seenStates?.all() ?? []), ...restored]);
  session.seenStates = states;
  // At 10,000 notes the JSON alone is ~1 MB: written once the person pauses, never
  // between two keys (after-pause.ts), and at once when the tab is hidden.
  const save = afterPause(() => {
    void sealLocal(key, utf8Encode(JSON.stringify(states.all())))
      .then((sealed) => db.put("meta", sealed, KEY))
      .catch(() => undefined);
  }, SAVE_AFTER_MS);
  const stop = states.onChange(() => save.schedule());
  return () => {
    stop();
    save.stop();
  };
}
