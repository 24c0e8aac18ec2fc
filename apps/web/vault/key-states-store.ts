// Keeps what this browser knows of each note's group state (issue 33: the SDK's note key
// states: the roster epoch of the key it holds, the owner, the newest verified chain
// entry, whether the note was ever shared) across reloads, sealed under a key of its own
// derived from the master key, in IndexedDB. Without it a reload would be the moment for
// a lying server to hand back a retired key or cut a roster chain short. A store that
// does not open (another account's, or damaged) is ignored: the device starts afresh.
import { NoteKeyStates, parseNoteKeyStates, type Session } from "@notes/client";
import { utf8Decode, utf8Encode } from "@notes/crypto";
import { afterPause } from "./after-pause";
import type { LocalDb } from "./local-db";
import { localKey, openLocal, sealLocal } from "./local-seal";

const KEY = "keyStates";
/** Quiet time after the last change, and after the last key or click, before saving. */
const SAVE_AFTER_MS = 1_500;

/** Gives `session` its note key states with the stored ones; saves them on change. */
export async function keepKeyStates(db: LocalDb, session: Session): Promise<() => void> {
  const key = await localKey(session, "key-states");
  const stored = await db.get("meta", KEY);
  const opened = stored ? await openLocal(key, stored) : undefined;
  let restored: ReturnType<typeof parseNoteKeyStates> = [];
  try {
    restored = opened ? parseNoteKeyStates(utf8Decode(opened)) : [];
  } catch {
    // Not the JSON this module writes: nothing of it is trusted.
  }
  const states = new NoteKeyStates(restored);
  for (const held of session.keyStates?.all() ?? []) states.learn(held);
  session.keyStates = states;
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
