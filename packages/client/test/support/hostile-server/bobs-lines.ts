// A device that synced a note after Bob wrote two more lines, for the tests that then
// turn the note-history server against it (rollback, a destructive compaction, a
// resting note).
import type { Sodium } from "@notes/crypto";
import { createApiClient } from "../../../src/api/client";
import { SyncEngine } from "../../../src/sync/sync-engine";
import { MemorySeenStates } from "../../../src/trust/seen-states";
import type { Session } from "../../../src/vault/session";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../test-keys";
import { noteHistoryServer } from "./note-history-server";

/** The note's text once Bob's lines are in. */
export const ALL_LINES = "first line\ntwo\nthree";

/** A device synced when Bob had written "two" and "three" after the first line. */
export async function deviceHoldingBobsLines(sodium: Sodium) {
  const session: Session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
  const server = noteHistoryServer(sodium, FIXED_CEK, session.keyPair.publicKey);
  server.write("two");
  server.write("three");
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const engine = new SyncEngine(api, session);
  await engine.syncOnce();
  const note = engine.note(NOTE_ID);
  if (!note) throw new Error("note not held");
  return { session, server, api, engine, note };
}
