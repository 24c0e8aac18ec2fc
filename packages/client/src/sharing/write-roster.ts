// The roster replacement protocol (PUT /v1/notes/{id}/members, contract.md §3, §11):
// read the roster and its ETag, compute the new member list, seal the content key to
// every listed member (the request must carry each member's wrap, and the roster
// does not hand wraps back, so they are re-sealed from public keys), and PUT with
// If-Match. A 412 means the roster moved meanwhile: read it again and recompute, a
// bounded number of times. With `rotate`, a fresh content key is sealed instead, to
// the owner as well (ownerWrappedCek).
import { generateKey, loadSodium, sealCek } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import { MemberKeyUnavailable } from "../errors";
import type { OpenNote } from "../notes/open-state";
import { rememberRoster } from "../trust/note-rosters";
import { keyPinsOf } from "../trust/pin-check";
import type { Session } from "../vault/session";
import { etagOf, listMembers, type Member } from "./list-members";
import { memberPublicKeys, PublicKeyDirectory } from "./public-key-directory";

export interface RosterEntry {
  userId: string;
  role: "editor" | "viewer";
}

export interface RosterOptions {
  /** Known public keys; look-ups made along the way are added to it. */
  directory?: PublicKeyDirectory;
  /** Attempts when the roster keeps changing underneath (412); default 3. */
  attempts?: number;
}

export interface RosterWrite {
  members: Member[];
  etag: string;
  /** The content key the members now hold (new when rotated). */
  cek: Uint8Array;
  /** The owner's new wrap, present when the key was rotated. */
  ownerWrappedCek?: string;
  /** False when the plan found nothing to change and no request was sent. */
  written: boolean;
}

/**
 * `plan` maps the current roster (owner included) to the members wanted (owner
 * excluded), or undefined when nothing is to change. It runs again after a 412.
 */
export async function writeRoster(
  api: ApiClient,
  session: Session,
  note: OpenNote,
  plan: (current: readonly Member[]) => RosterEntry[] | undefined,
  rotate: boolean,
  options: RosterOptions = {},
): Promise<RosterWrite> {
  const sodium = await loadSodium();
  const directory = options.directory ?? new PublicKeyDirectory();
  const attempts = options.attempts ?? 3;
  const cek = rotate ? generateKey(sodium) : note.cek;
  for (let attempt = 1; ; attempt++) {
    const roster = await listMembers(api, note.id);
    const wanted = plan(roster.members);
    if (!wanted) return { ...roster, cek: note.cek, written: false };
    const keys = await memberPublicKeys(
      api,
      { directory, pins: keyPinsOf(session) },
      roster.members,
      wanted.map((m) => m.userId),
    );
    const addedBy = new Map(roster.members.map((m) => [m.userId, m.addedBy]));
    const ownerWrappedCek = rotate ? sealCek(sodium, cek, session.keyPair.publicKey) : undefined;
    const body = {
      id: note.id,
      members: wanted.map((m) => {
        const by = addedBy.get(m.userId);
        const publicKey = keys.get(m.userId);
        if (!publicKey) throw new MemberKeyUnavailable(m.userId);
        return {
          userId: m.userId,
          role: m.role,
          wrappedCek: sealCek(sodium, cek, publicKey),
          // Kept as it was; a new member's defaults to the caller on the server.
          ...(by !== undefined && { addedBy: by }),
        };
      }),
      ...(ownerWrappedCek !== undefined && { ownerWrappedCek }),
    };
    try {
      const answer = await api.send("notes.replaceMembers", body, {
        headers: { "If-Match": roster.etag },
      });
      // Who is on the note is what this owner just decided, whatever the answer lists.
      const decided = new Set([session.account.id, ...wanted.map((m) => m.userId)]);
      const members = answer.body.members.filter((m) => decided.has(m.userId));
      rememberRoster(session, note.id, ownerWrappedCek ?? note.wrappedCek, members);
      return {
        members: answer.body.members,
        etag: etagOf(answer.headers),
        cek,
        ...(ownerWrappedCek !== undefined && { ownerWrappedCek }),
        written: true,
      };
    } catch (error) {
      if (!isProblem(error) || error.status !== 412 || attempt >= attempts) throw error;
    }
  }
}

/** The members other than the owner, as entries, optionally without one of them. */
export function guestsOf(current: readonly Member[], except?: string): RosterEntry[] {
  const out: RosterEntry[] = [];
  for (const m of current) {
    if (m.userId === except) continue;
    if (m.role === "editor" || m.role === "viewer") out.push({ userId: m.userId, role: m.role });
  }
  return out;
}
