// One sealed JSON record of the session's in IndexedDB ("meta"), read back at start and
// written again once the person pauses after a change (after-pause.ts; at once when the
// tab is hidden). Sealed under a key of its own derived from the master key
// (local-seal.ts). A record that does not open or parse (another account's, or damaged)
// reads as nothing: the device starts afresh, as a new device does.

import type { Session } from "@notes/client";
import { utf8Decode, utf8Encode } from "@notes/crypto";
import { afterPause } from "./after-pause";
import type { LocalDb } from "./local-db";
import { type LocalPurpose, localKey, openLocal, sealLocal } from "./local-seal";

/** Quiet time after the last change, and after the last key or click, before saving. */
const SAVE_AFTER_MS = 1_500;

export interface SealedJsonRecord<T> {
  /** The record's key in the "meta" store. */
  name: string;
  purpose: LocalPurpose;
  /** Reads the stored JSON text back (throwing on what it does not recognise). */
  parse(json: string): T;
}

/** The stored value, or undefined when there is none or it does not open or parse. */
export async function readSealedJson<T>(
  db: LocalDb,
  session: Session,
  record: SealedJsonRecord<T>,
): Promise<T | undefined> {
  const key = await localKey(session, record.purpose);
  const stored = await db.get("meta", record.name);
  const opened = stored ? await openLocal(key, stored) : undefined;
  try {
    return opened ? record.parse(utf8Decode(opened)) : undefined;
  } catch {
    // Not the JSON this record holds: nothing of it is trusted.
    return undefined;
  }
}

/**
 * Saves `value()` as the record after each change `onChange` reports; answers stop().
 */
export async function saveSealedJson<T>(
  db: LocalDb,
  session: Session,
  record: SealedJsonRecord<T>,
  value: () => unknown,
  onChange: (listener: () => void) => () => void,
): Promise<() => void> {
  const key = await localKey(session, record.purpose);
  const save = afterPause(() => {
    void sealLocal(key, utf8Encode(JSON.stringify(value())))
      .then((sealed) => db.put("meta", sealed, record.name))
      .catch(() => undefined);
  }, SAVE_AFTER_MS);
  const stop = onChange(() => save.schedule());
  return () => {
    stop();
    save.stop();
  };
}
