// A note's roster chain against the key-transparency log (issue 34, rosters in the log;
// docs/key-transparency.md, "Rosters"). The owner signs every entry, so a server cannot
// forge one; what it can do is show members different chains, each valid on its own: an
// older one (withholding the entry that removed someone, or added someone) or, when the
// owner signed two entries at one epoch (two devices each shown an older chain), the
// other branch. The log holds one head per note for everyone, so a member's device
// checks that the chain it is served holds the logged entry, with the logged hash:
// missing, it is `roster-withheld`; another hash there, `roster-fork`. A note the log
// never held (made before rosters were logged, or its first entry waiting for the next
// epoch) reads as before, unverified by the log; once this device saw it logged, a proof
// must come with it from then on.
import { fromBase64, rosterEntryHash, type Sodium } from "@notes/crypto";
import type { RosterProofJson } from "@notes/keytrans";
import type { ApiClient } from "../api/client";
import { RosterChainRefused } from "../errors";
import { sameKey } from "../keys/content-keyring";
import type { Session } from "../vault/session";
import { keyStatesOf } from "./key-handouts";
import { keyTransparencyFor, type LoggedRoster } from "./key-transparency";

/**
 * Checks the served chain `entries` of `noteId` against the head the log holds (the
 * proof `carried` on the chain's answer; the proof route when it is of another epoch). Answers the logged head, or undefined when the
 * log holds none. Throws RosterChainRefused (`roster-withheld`, `roster-fork`), warning
 * the person through the checker's onWarning unless the caller will read again first
 * (`final` false, for withholding only); a proof that does not verify throws
 * KeyTransparencyFailed. `removed`: the served chain's newest entry removes this account.
 */
export async function checkChainLogged(
  sodium: Sodium,
  api: ApiClient,
  session: Session,
  noteId: string,
  entries: readonly { epoch: number; entry: string }[],
  options: { carried?: RosterProofJson; final?: boolean; removed?: boolean } = {},
): Promise<LoggedRoster | undefined> {
  const id = noteId.toLowerCase();
  const kt = keyTransparencyFor(api);
  const known = keyStatesOf(session).get(id);
  const refuse = (reason: "roster-withheld" | "roster-fork", epoch: number, detail: string) => {
    if (options.final !== false || reason === "roster-fork")
      kt.warn({ kind: "roster", reason, noteId: id, detail });
    return new RosterChainRefused(id, reason, epoch);
  };
  // The roster-chain answer carries the proof whenever the log holds one: none carried
  // means none logged, as far as this server says (the route would say the same).
  const logged = await kt.provenRoster(id, options.carried, false);
  if (!logged) {
    // A member the chain's newest entry removed is served the chain up to their removal,
    // and no proof (the log's head may be later): nothing to hold it against.
    if (known?.rosterLogged === undefined || options.removed) return undefined;
    throw refuse(
      "roster-withheld",
      known.rosterLogged,
      `the log held entry ${known.rosterLogged} of this note's roster before; the server now shows no logged roster`,
    );
  }
  const served = entries.find((e) => e.epoch === logged.chainEpoch);
  if (!served) {
    throw refuse(
      "roster-withheld",
      logged.chainEpoch,
      `the log holds entry ${logged.chainEpoch} of this note's roster; the server's chain ends before it`,
    );
  }
  if (!sameKey(rosterEntryHash(sodium, fromBase64(served.entry)), logged.entryHash)) {
    throw refuse(
      "roster-fork",
      logged.chainEpoch,
      `the log holds another entry ${logged.chainEpoch} of this note's roster than the server shows this device`,
    );
  }
  keyStatesOf(session).learn({
    noteId: id,
    epoch: known?.epoch ?? -1,
    keyId: known?.keyId ?? "",
    rosterLogged: logged.chainEpoch,
  });
  return logged;
}
