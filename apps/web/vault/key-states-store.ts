// Keeps what this browser knows of each note's group state (issue 33: the SDK's note key
// states: the roster epoch of the key it holds, the owner, the newest verified chain
// entry, whether the note was ever shared) across reloads, sealed under a key of its own
// derived from the master key, in IndexedDB (sealed-json-store.ts). Without it a reload
// would be the moment for a lying server to hand back a retired key or cut a roster
// chain short.
import { NoteKeyStates, parseNoteKeyStates, type Session } from "@notes/client";
import type { LocalDb } from "./local-db";
import { readSealedJson, saveSealedJson } from "./sealed-json-store";

const RECORD = { name: "keyStates", purpose: "key-states", parse: parseNoteKeyStates } as const;

/** Gives `session` its note key states with the stored ones; saves them on change. */
export async function keepKeyStates(db: LocalDb, session: Session): Promise<() => void> {
  const states = new NoteKeyStates((await readSealedJson(db, session, RECORD)) ?? []);
  for (const held of session.keyStates?.all() ?? []) states.learn(held);
  session.keyStates = states;
  return saveSealedJson(
    db,
    session,
    RECORD,
    () => states.all(),
    (l) => states.onChange(l),
  );
}
