// The roster replacement protocol (PUT /v1/notes/{id}/members, contract.md §3, §11):
// read the roster and its ETag, compute the new member list, seal the content key to
// every listed member (the request must carry each member's wrap, and the roster
// does not hand wraps back, so they are re-sealed from public keys), and PUT with
// If-Match. A 412 means the roster moved meanwhile: read it again and recompute, a
// bounded number of times. With `rotate`, a fresh content key is sealed instead, to
// the owner as well (ownerWrappedCek).
// Issue 33: the list starts from the roster the owner signed (the verified head of the
// note's chain), not from the server's: a ghost the server lists is left out, and a
// member who left makes the change rotate. Every wrap goes with the owner's signed
// handout, and the new roster with its chain entry, signed, at the next epoch.
import {
  type RosterEntry as ChainEntryFields,
  deriveEpochId,
  fromBase64Url,
  generateKey,
  loadSodium,
  memberKeysDigest,
  type RosterMember,
  rosterEntryHash,
  type Sodium,
  sealCek,
  signRosterEntry,
  toBase64,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import { MemberKeyUnavailable } from "../errors";
import type { OpenNote } from "../notes/open-state";
import { handOut, keyStatesOf } from "../trust/key-handouts";
import { rememberRoster } from "../trust/note-rosters";
import { keyPinsOf } from "../trust/pin-check";
import { type ChainHead, readChainHead, rememberChainHead } from "../trust/roster-chain";
import type { Session } from "../vault/session";
import { etagOf, listMembers, type Member } from "./list-members";
import { memberPublicKeys, PublicKeyDirectory } from "./public-key-directory";
import { readAgainstChain } from "./signed-roster";

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
  /** Whether the key was rotated (asked for, or because a signed member had left). */
  rotated: boolean;
  /** Accounts the server listed that the owner never signed in: left out, never sealed to. */
  ghosts: string[];
  /** Members the owner signed in whom the server no longer lists: left out, key rotated. */
  departed: string[];
}

/**
 * `plan` maps the current roster (owner included, as the owner signed it) to the members
 * wanted (owner excluded), or undefined when nothing is to change. It runs again after a 412.
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
  const me = session.account.id.toLowerCase();
  let fresh: Uint8Array | undefined;
  for (let attempt = 1; ; attempt++) {
    const roster = await listMembers(api, note.id);
    const head = await readChainHead(sodium, api, session, note.id, me);
    const signed = readAgainstChain(roster.members, head);
    const ghosts = signed.ghosts.map((m) => m.userId.toLowerCase());
    const departed = signed.departed.filter((id) => id !== me);
    const wanted =
      plan(signed.members) ??
      (ghosts.length + departed.length > 0 ? guestsOf(signed.members) : undefined);
    if (!wanted) {
      return { ...roster, cek: note.cek, written: false, rotated: false, ghosts, departed };
    }
    const rotating = rotate || departed.length > 0;
    fresh ??= rotating ? generateKey(sodium) : undefined;
    const cek = rotating && fresh ? fresh : note.cek;
    const keys = await memberPublicKeys(
      api,
      { directory, pins: keyPinsOf(session) },
      roster.members,
      wanted.map((m) => m.userId),
    );
    const epoch = head ? head.entry.epoch + 1 : 0;
    const handout = (userId: string, publicKey: Uint8Array, wrap: string) =>
      handOut(sodium, session, note.id, epoch, cek, { userId, publicKey }, wrap);
    const addedBy = new Map(roster.members.map((m) => [m.userId, m.addedBy]));
    const ownerWrappedCek = rotating ? sealCek(sodium, cek, session.keyPair.publicKey) : undefined;
    const next = chainEntry(sodium, session, { noteId: note.id, epoch, head, cek }, wanted, keys);
    const body = {
      id: note.id,
      members: wanted.map((m) => {
        const by = addedBy.get(m.userId);
        const publicKey = keys.get(m.userId);
        if (!publicKey) throw new MemberKeyUnavailable(m.userId);
        const wrappedCek = sealCek(sodium, cek, publicKey);
        return {
          userId: m.userId,
          role: m.role,
          wrappedCek,
          wrapSignature: handout(m.userId, publicKey, wrappedCek),
          // Kept as it was; a new member's defaults to the caller on the server.
          ...(by !== undefined && { addedBy: by }),
        };
      }),
      ...(ownerWrappedCek !== undefined && {
        ownerWrappedCek,
        ownerWrapSignature: handout(me, session.keyPair.publicKey, ownerWrappedCek),
      }),
      roster: { epoch, entry: toBase64(next.wire) },
    };
    try {
      const answer = await api.send("notes.replaceMembers", body, {
        headers: { "If-Match": roster.etag },
      });
      // Who is on the note is what this owner just decided, whatever the answer lists.
      const decided = new Set([me, ...wanted.map((m) => m.userId)]);
      const members = answer.body.members.filter((m) => decided.has(m.userId));
      await rememberRoster(api, session, note.id, ownerWrappedCek ?? note.wrappedCek, members);
      const keyId = deriveEpochId(sodium, cek);
      rememberChainHead(
        session,
        note.id,
        { entry: next.entry, hash: rosterEntryHash(sodium, next.wire) },
        keyId,
        me,
      );
      if (rotating) keyStatesOf(session).learn({ noteId: note.id, epoch, keyId, ownerId: me });
      return {
        members: answer.body.members,
        etag: etagOf(answer.headers),
        cek,
        ...(ownerWrappedCek !== undefined && { ownerWrappedCek }),
        written: true,
        rotated: rotating,
        ghosts,
        departed,
      };
    } catch (error) {
      if (!isProblem(error) || error.status !== 412 || attempt >= attempts) throw error;
    }
  }
}

/** The roster's chain entry: the owner and `wanted`, with the keys sealed to, signed. */
function chainEntry(
  sodium: Sodium,
  session: Session,
  at: { noteId: string; epoch: number; head: ChainHead | undefined; cek: Uint8Array },
  wanted: readonly RosterEntry[],
  keys: ReadonlyMap<string, Uint8Array>,
): { entry: ChainEntryFields; wire: Uint8Array } {
  const pins = keyPinsOf(session);
  const members: RosterMember[] = [
    {
      userId: session.account.id,
      role: "owner",
      keys: memberKeysDigest(sodium, session.keyPair.publicKey, session.signingKeyPair.publicKey),
    },
    ...wanted.map((m) => {
      const publicKey = keys.get(m.userId);
      if (!publicKey) throw new MemberKeyUnavailable(m.userId);
      const signing = pins.get(m.userId)?.signingPublicKey;
      return { userId: m.userId, role: m.role, keys: memberKeysDigest(sodium, publicKey, signing) };
    }),
  ];
  const entry: ChainEntryFields = {
    noteId: at.noteId.toLowerCase(),
    epoch: at.epoch,
    prev: at.head?.hash ?? new Uint8Array(32),
    keyId: fromBase64Url(deriveEpochId(sodium, at.cek)),
    members: members.map((m) => ({ ...m, userId: m.userId.toLowerCase() })),
  };
  const signer = { userId: session.account.id, secretKey: session.signingKeyPair.secretKey };
  return { entry, wire: signRosterEntry(sodium, signer, entry) };
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
