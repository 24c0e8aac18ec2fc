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

export interface ChainHead {
  entry: RosterEntry;
  /** BLAKE2b-256 of the head's wire bytes: the next entry's `prev`. */
  hash: Uint8Array;
}

/**
 * The verified head of the note's chain, or undefined when the owner never signed a roster
 * (a note made before signed rosters: the caller falls back to the server's roster, as
 * trust on first use). Throws RosterChainRefused when anything does not check out.
 */
export async function readChainHead(
  sodium: Sodium,
  api: ApiClient,
  session: Session,
  noteId: string,
  ownerId: string,
): Promise<ChainHead | undefined> {
  const { entries } = await api.call("notes.rosterChain", { id: noteId });
  return verifyChain(sodium, session, noteId, ownerId, entries);
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

/** Remembers `head` as the newest entry verified here (forward only). */
export function rememberChainHead(
  session: Session,
  noteId: string,
  head: ChainHead,
  keyId: string,
): void {
  keyStatesOf(session).learn({
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
