// The owner's audit of its notes' rosters in the key-transparency log (issue 34, rosters
// in the log), as self-audit.ts is for the account's keys: every note whose roster this
// device signed must have that chain head in the log within a few epochs, with the hash
// this device signed. A head the log never takes means the server can show members an
// older roster; another hash at that epoch, that it shows them another one. Either is
// told to the person at once (KeyTransparency's onWarning, kind "roster").
import { loadSodium, type Sodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import { KeyTransparencyFailed, RosterChainRefused } from "../errors";
import type { Session } from "../vault/session";
import { keyStatesOf } from "./key-handouts";
import type { KeyTransparency } from "./key-transparency";
import { readChainHead } from "./roster-chain";

export type RosterAuditResult =
  /** The log holds the newest entry this device signed (or a later one of the chain). */
  | { status: "logged"; noteId: string; chainEpoch: number; epoch: number }
  /** The log does not hold it yet (it waits for the next epoch). */
  | { status: "pending"; noteId: string; chainEpoch: number }
  /** The chain or its place in the log did not check out; the person was warned. */
  | { status: "failed"; noteId: string; error: RosterChainRefused | KeyTransparencyFailed };

/** The notes this device owns and signed a roster for, with the newest entry it signed. */
export function ownSignedRosters(session: Session): { noteId: string; chainEpoch: number }[] {
  const me = session.account.id.toLowerCase();
  return keyStatesOf(session)
    .all()
    .flatMap((s) =>
      s.ownerId === me && s.rosterEpoch !== undefined
        ? [{ noteId: s.noteId, chainEpoch: s.rosterEpoch }]
        : [],
    );
}

export async function auditOwnRoster(
  kt: KeyTransparency,
  sodium: Sodium,
  api: ApiClient,
  session: Session,
  noteId: string,
): Promise<RosterAuditResult> {
  const id = noteId.toLowerCase();
  const signed = keyStatesOf(session).get(id)?.rosterEpoch ?? 0;
  try {
    const head = await readChainHead(sodium, api, session, id, session.account.id.toLowerCase());
    const logged = head?.logged;
    if (logged && logged.chainEpoch >= signed)
      return { status: "logged", noteId: id, chainEpoch: logged.chainEpoch, epoch: logged.epoch };
    return { status: "pending", noteId: id, chainEpoch: signed };
  } catch (error) {
    if (error instanceof RosterChainRefused) {
      // roster-withheld and roster-fork were told already (roster-log.ts).
      if (!error.reason.startsWith("roster-")) {
        kt.warn({
          kind: "roster",
          reason: error.reason === "rollback" ? "roster-withheld" : "roster-fork",
          noteId: id,
          detail: error.message,
        });
      }
      return { status: "failed", noteId: id, error };
    }
    if (error instanceof KeyTransparencyFailed && error.reason !== "stale")
      return { status: "failed", noteId: id, error };
    throw error;
  }
}

/**
 * Audits every note this device signed a roster for, now and after each new epoch it
 * adopts, until the log holds the newest entry it signed; one still not logged
 * `graceEpochs` epochs (default 2) after this device first saw it pending is warned of
 * (`not-logged`), once per entry. Answers a stop function.
 */
export function watchOwnRosters(
  kt: KeyTransparency,
  api: ApiClient,
  session: Session,
  options: { graceEpochs?: number; onResult?: (result: RosterAuditResult) => void } = {},
): () => void {
  const grace = options.graceEpochs ?? 2;
  /** noteId → the chain epoch pending and the log epoch it was first seen pending at. */
  const pendingSince = new Map<string, { chainEpoch: number; epoch: number }>();
  const told = new Set<string>();
  const gone = new Set<string>();
  let chain: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const audit = () => {
    chain = chain
      .then(async () => {
        const sodium = await loadSodium();
        for (const { noteId, chainEpoch } of ownSignedRosters(session)) {
          if (stopped) return;
          if (gone.has(noteId)) continue;
          if ((keyStatesOf(session).get(noteId)?.rosterLogged ?? -1) >= chainEpoch) continue;
          let result: RosterAuditResult;
          try {
            result = await auditOwnRoster(kt, sodium, api, session, noteId);
          } catch (error) {
            // A note deleted (or unreachable) since: nothing to audit; the others still are.
            if (isProblem(error) && error.status === 404) gone.add(noteId);
            continue;
          }
          options.onResult?.(result);
          if (result.status !== "pending") {
            pendingSince.delete(noteId);
            continue;
          }
          const epoch = kt.head?.epoch ?? 0;
          const since = pendingSince.get(noteId);
          if (!since || since.chainEpoch !== chainEpoch)
            pendingSince.set(noteId, { chainEpoch, epoch });
          else if (epoch - since.epoch >= grace && !told.has(`${noteId}:${chainEpoch}`)) {
            told.add(`${noteId}:${chainEpoch}`);
            kt.warn({
              kind: "roster",
              reason: "not-logged",
              noteId,
              detail: `entry ${chainEpoch} of this note's roster, signed here, is still not in the log ${epoch - since.epoch} epochs later`,
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
