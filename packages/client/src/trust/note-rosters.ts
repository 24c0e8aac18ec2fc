// What this device knows of who is on each note, and the keys it pins from rosters.
// A roster is the server's word; two uses of it here are safe all the same:
// - its public keys are pinned only where nothing is pinned yet (trust on first use:
//   a pinned key is never replaced from here, pin-check.ts decides changes);
// - its member list decides whether content sealed under a retired content key may be
//   a member's late edit (retired-keys.ts). A server that lies there keeps a removed
//   person on the list, where everyone can see them, and their text signed as theirs.
import { fromBase64 } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Output } from "../api/types";
import type { Session } from "../vault/session";
import { rememberNoteOwner } from "./note-owners";
import { pinFromRoster } from "./pin-check";

type Member = Output<"notes.members">["members"][number];

/** A note's members as last read, and the wrap (content key) it was read under. */
export interface KnownRoster {
  wrappedCek: string | undefined;
  /** The member the roster named owner. */
  ownerId?: string;
  members: ReadonlySet<string>;
  /** How the roster named each member (handle, or the address the owner added them by). */
  names: ReadonlyMap<string, string>;
}

export function rosterOf(session: Session, noteId: string): KnownRoster | undefined {
  return session.rosters?.get(noteId.toLowerCase());
}

/**
 * Remembers `members` as the roster of `noteId` under `wrappedCek` (at once), and pins
 * new keys once the key-transparency log proves them (settles when all are pinned or
 * refused).
 */
export async function rememberRoster(
  api: ApiClient,
  session: Session,
  noteId: string,
  wrappedCek: string | undefined,
  members: readonly Member[],
): Promise<void> {
  const pinning: Promise<void>[] = [];
  for (const member of members) {
    if (!member.publicKey || member.userId === session.account.id) continue;
    pinning.push(
      pinFromRoster(
        api,
        session,
        member.userId,
        fromBase64(member.publicKey),
        member.signingPublicKey ? fromBase64(member.signingPublicKey) : undefined,
        member.keyTransparency,
      ),
    );
  }
  session.rosters ??= new Map();
  const names = new Map<string, string>();
  for (const m of members) {
    const name = m.handle ? `@${m.handle}` : m.name;
    if (name) names.set(m.userId.toLowerCase(), name);
  }
  const owner = members.find((m) => m.role === "owner")?.userId.toLowerCase();
  // The owner is learnt once and kept (trust on first use): deletions and handouts are
  // judged by the owner this device first knew, never by a later roster's word.
  if (owner) rememberNoteOwner(session, noteId, owner);
  session.rosters.set(noteId.toLowerCase(), {
    wrappedCek,
    ...(owner && { ownerId: owner }),
    members: new Set(members.map((m) => m.userId.toLowerCase())),
    names,
  });
  await Promise.all(pinning);
}
