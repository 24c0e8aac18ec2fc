// The roster as the owner signed it (issue 33, item 2): the server's member list read
// against the verified head of the note's chain. Someone the server lists but the owner
// never signed is a ghost: never sealed to, shown as such. Someone the owner signed but
// the server no longer lists has left (or is hidden): never sealed to again, and the
// owner's next roster change rotates the key they hold. A note whose owner never signed
// a roster (made before signed rosters) reads as the server lists it, unverified.
import type { Sodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { ownerOf } from "../trust/key-handouts";
import { type ChainHead, readChainHead } from "../trust/roster-chain";
import type { Session } from "../vault/session";
import type { Member } from "./list-members";

export interface SignedRoster {
  /** Members the server lists and the owner signed, owner first, with the signed role. */
  members: Member[];
  /** Listed by the server, not signed by the owner: never given a key. */
  ghosts: Member[];
  /** Signed by the owner, no longer listed by the server. */
  departed: string[];
  /** The verified head; undefined for a note whose owner never signed a roster. */
  head?: ChainHead;
}

/** Reads `listed` (the server's roster) against the note's verified chain. */
export function readAgainstChain(
  listed: readonly Member[],
  head: ChainHead | undefined,
): SignedRoster {
  if (!head) return { members: [...listed], ghosts: [], departed: [] };
  const signed = new Map(head.entry.members.map((m) => [m.userId, m.role]));
  const members: Member[] = [];
  const ghosts: Member[] = [];
  for (const member of listed) {
    const role = signed.get(member.userId.toLowerCase());
    if (role) members.push({ ...member, role });
    else ghosts.push(member);
  }
  const present = new Set(listed.map((m) => m.userId.toLowerCase()));
  const departed = [...signed.keys()].filter((id) => !present.has(id));
  members.sort((a, b) => Number(b.role === "owner") - Number(a.role === "owner"));
  return { members, ghosts, departed, head };
}

/**
 * The note's roster as its owner signed it, for showing who is in. The owner is the one
 * this device knows (its own notes, the first owner it learned), else the one the server
 * names, taken on first use.
 */
export async function signedRoster(
  sodium: Sodium,
  api: ApiClient,
  session: Session,
  noteId: string,
  listed: readonly Member[],
): Promise<SignedRoster> {
  const me = listed.find((m) => m.userId.toLowerCase() === session.account.id.toLowerCase());
  const ownerId =
    ownerOf(session, noteId, me?.role ?? "viewer") ??
    listed.find((m) => m.role === "owner")?.userId.toLowerCase();
  if (!ownerId) return { members: [...listed], ghosts: [], departed: [] };
  return readAgainstChain(listed, await readChainHead(sodium, api, session, noteId, ownerId));
}
