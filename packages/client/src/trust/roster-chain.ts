// A note's signed membership chain as this device verifies it (issue 33, item 2;
// docs/client-crypto.md, "The signed group state"). The server stores the owner's signed
// entries and answers them; every one is checked here: signed by the note's owner under
// the key this device knows for them, for this note, epochs one after another, each
// naming the hash of the one before, and never shorter than, or different from, the
// chain this device verified before (note-key-states.ts keeps its head).
import {
  fromBase64,
  memberKeysDigest,
  parseRosterEntry,
  type RosterEntry,
  rosterEntryHash,
  type Sodium,
  toBase64,
  verifyRosterEntry,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { type ChainRefusal, RosterChainRefused } from "../errors";
import { sameKey } from "../keys/content-keyring";
import type { Session } from "../vault/session";
import { keyStatesOf, ownerSigningKey } from "./key-handouts";
import type { LoggedRoster } from "./key-transparency";
import { checkChainLogged } from "./roster-log";

export interface ChainHead {
  entry: RosterEntry;
  /** BLAKE2b-256 of the head's wire bytes: the next entry's `prev`. */
  hash: Uint8Array;
  /** The head the key-transparency log holds for the note, which the chain holds. */
  logged?: LoggedRoster;
}

/**
 * The verified head of the note's chain, or undefined when the owner never signed a roster
 * (a note made before signed rosters: the caller falls back to the server's roster, as
 * trust on first use). The chain must hold the head the key-transparency log holds for
 * the note, when it holds one (roster-log.ts). Throws RosterChainRefused when anything
 * does not check out.
 */
export async function readChainHead(
  sodium: Sodium,
  api: ApiClient,
  session: Session,
  noteId: string,
  ownerId: string,
): Promise<ChainHead | undefined> {
  const me = session.account.id.toLowerCase();
  for (let attempt = 1; ; attempt++) {
    const { entries, keyTransparency } = await api.call("notes.rosterChain", { id: noteId });
    const head = verifyChain(sodium, session, noteId, ownerId, entries);
    try {
      const logged = await checkChainLogged(sodium, api, session, noteId, entries, {
        ...(keyTransparency && { carried: keyTransparency }),
        final: attempt > 1,
        removed: head !== undefined && !head.entry.members.some((m) => m.userId === me),
      });
      return head && logged ? { ...head, logged } : head;
    } catch (error) {
      // An entry written and logged between reading the chain and reading its proof
      // looks withheld once: the chain is read again before it is called so.
      const raced = error instanceof RosterChainRefused && error.reason === "roster-withheld";
      if (!raced || attempt > 1) throw error;
    }
  }
}

export function verifyChain(
  sodium: Sodium,
  session: Session,
  noteId: string,
  ownerId: string,
  entries: readonly { epoch: number; entry: string }[],
): ChainHead | undefined {
  const id = noteId.toLowerCase();
  const refuse = (reason: ChainRefusal, epoch?: number) =>
    new RosterChainRefused(id, reason, epoch);
  const key = ownerSigningKey(session, ownerId);
  const known = keyStatesOf(session).get(id);
  // No key known for the owner yet (a member whose roster carried none): the chain cannot
  // be judged here, and is taken as no chain (the server's list, unverified), unless this
  // device verified one before, which a server hiding the key must not undo.
  if (!key && known?.rosterEpoch === undefined) return undefined;
  let head: ChainHead | undefined;
  for (const served of entries) {
    const wire = fromBase64(served.entry);
    if (!key || !verifyRosterEntry(sodium, ownerId, key, wire))
      throw refuse("forged", served.epoch);
    const { entry } = parseRosterEntry(wire);
    const expected = head ? head.entry.epoch + 1 : entry.epoch;
    const prev = head ? head.hash : new Uint8Array(32);
    const linked = entry.noteId === id && entry.epoch === served.epoch && entry.epoch === expected;
    if (!linked || !sameKey(entry.prev, prev)) throw refuse("broken", served.epoch);
    head = { entry, hash: rosterEntryHash(sodium, wire) };
    if (known?.rosterEpoch === entry.epoch && known.rosterHead !== toBase64(head.hash)) {
      throw refuse("fork", entry.epoch);
    }
  }
  if (known?.rosterEpoch !== undefined && (head?.entry.epoch ?? -1) < known.rosterEpoch) {
    throw refuse("rollback", known.rosterEpoch);
  }
  return head;
}

/**
 * Remembers `head` as the newest entry verified here (forward only); `ownerId` when this
 * device signed it (the owner's roster audit follows that note, roster-audit.ts).
 */
export function rememberChainHead(
  session: Session,
  noteId: string,
  head: ChainHead,
  keyId: string,
  ownerId?: string,
): void {
  keyStatesOf(session).learn({
    ...(ownerId && { ownerId }),
    noteId,
    epoch: keyStatesOf(session).get(noteId)?.epoch ?? -1,
    keyId: keyStatesOf(session).get(noteId)?.keyId ?? keyId,
    rosterEpoch: head.entry.epoch,
    rosterHead: toBase64(head.hash),
    ...(head.entry.members.length > 1 && { shared: true }),
  });
}

/** Whether `member` is in the entry with the keys the owner signed for them. */
export function signedMemberKeys(
  sodium: Sodium,
  entry: RosterEntry,
  userId: string,
  publicKey: Uint8Array,
  signingPublicKey?: Uint8Array,
): boolean {
  const member = entry.members.find((m) => m.userId === userId.toLowerCase());
  return (
    member !== undefined &&
    sameKey(member.keys, memberKeysDigest(sodium, publicKey, signingPublicKey))
  );
}
