// Keeps across reloads which notes' following share links are behind what this device
// wrote (issue 37; share-links.ts), sealed under a key of its own derived from the master
// key, in IndexedDB (sealed-json-store.ts). A title-only edit made offline does not move
// the note's last-changed time, so after a reload only this record says its links still
// show the old title; they are re-sealed once the list of links is read again.
import type { Session } from "@notes/client";
import type { LocalDb } from "./local-db";
import { readSealedJson, saveSealedJson } from "./sealed-json-store";
import type { NoteLinks } from "./share-links";

function parseIds(json: string): string[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value) || !value.every((id) => typeof id === "string"))
    throw new TypeError("not a list of note ids");
  return value;
}

const RECORD = { name: "linkReseals", purpose: "link-reseals", parse: parseIds } as const;

/** Gives `links` the notes left behind before the reload; saves them on change. Answers stop(). */
export async function keepLinkReseals(
  db: LocalDb,
  session: Session,
  links: NoteLinks,
): Promise<() => void> {
  links.restoreBehind((await readSealedJson(db, session, RECORD)) ?? []);
  return saveSealedJson(
    db,
    session,
    RECORD,
    () => links.behindIds(),
    (listener) => links.onBehindChange(listener),
  );
}
