// The writer's audit of its notes' heads in the key-transparency log (issue 33, item 12),
// as roster-audit.ts is for an owner's rosters: a version this device wrote (an append
// the server acknowledged) must show in the log, as that note's head or a later one,
// within a few epochs. A head the log never takes means a fresh device of this account,
// or a member's, can be served the note as it was before, unnoticed: the person is told
// (KeyTransparency's onWarning, kind "note-head", reason "not-logged").
import { fromBase64, loadSodium } from "@notes/crypto";
import type { Session } from "../vault/session";
import type { KeyTransparency } from "./key-transparency";

/** Per session, the newest version this device wrote of each note, not yet seen logged. */
const written = new WeakMap<Session, Map<string, number>>();

/** Remembers that this device wrote `version` of `noteId` (the server acknowledged it). */
export function noteWritten(session: Session, noteId: string, version: number): void {
  const mine = written.get(session) ?? new Map<string, number>();
  written.set(session, mine);
  const id = noteId.toLowerCase();
  if (version > (mine.get(id) ?? -1)) mine.set(id, version);
}

/**
 * Audits every version this device wrote, now and after each new epoch it adopts, until
 * the log holds that note's head at it or later; one still not logged `graceEpochs`
 * epochs (default 2) after this device first saw it pending is warned of, once per
 * version. Answers a stop function.
 */
export function watchOwnHeads(
  kt: KeyTransparency,
  session: Session,
  options: { graceEpochs?: number } = {},
): () => void {
  const grace = options.graceEpochs ?? 2;
  /** noteId → the version pending and the log epoch it was first seen pending at. */
  const pendingSince = new Map<string, { version: number; epoch: number }>();
  let chain: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const audit = () => {
    chain = chain
      .then(async () => {
        const sodium = await loadSodium();
        const digest = (envelope: string) =>
          sodium.crypto_generichash(32, fromBase64(envelope), null);
        const mine = written.get(session) ?? new Map<string, number>();
        for (const [noteId, version] of [...mine]) {
          if (stopped) return;
          const logged = await kt.provenNoteHead(noteId, digest).catch(() => undefined);
          if (logged && logged.version >= version) {
            if (mine.get(noteId) === version) mine.delete(noteId);
            pendingSince.delete(noteId);
            continue;
          }
          const epoch = kt.head?.epoch ?? 0;
          const since = pendingSince.get(noteId);
          if (!since || since.version !== version) pendingSince.set(noteId, { version, epoch });
          else if (epoch - since.epoch >= grace) {
            mine.delete(noteId);
            pendingSince.delete(noteId);
            kt.warn({
              kind: "note-head",
              reason: "not-logged",
              noteId,
              detail: `version ${version} of this note, written here, is still not in the log ${epoch - since.epoch} epochs later`,
            });
          }
        }
      })
      .catch(() => {
        // An unreachable or stale log was reported as a warning already (or will be).
      });
  };
  const unsubscribe = kt.onEpoch(audit);
  audit();
  return () => {
    stopped = true;
    unsubscribe();
  };
}
