// Sharing one note (owner only, contract.md §3, §4): find a person by handle or
// e-mail, add them as editor or viewer, change a role, remove someone. The SDK does
// the protocol (roster under If-Match, the content key sealed to every member, key
// rotation on removal); this module settles local edits first, so nothing typed is
// sealed under a key about to be replaced, and tells the Notebook what changed.
import {
  type ApiClient,
  acceptKeyChange,
  addMember,
  changeRole,
  keyFingerprint,
  keyPinsOf,
  keyTransparencyFor,
  leaveNote,
  listMembers,
  type Member,
  MemoryKeyPins,
  markVerified,
  memberPublicKeys,
  type OpenNote,
  type PublicKeyChanged,
  PublicKeyDirectory,
  pendingSigningKey,
  type Roster,
  type RosterChange,
  rememberRoster,
  removeMember,
  resolveUser,
  rosterOf,
  type Session,
  safetyNumberWith,
  signedRoster,
  trustKeysAfresh,
  type UserQuery,
} from "@notes/client";
import { loadSodium } from "@notes/crypto";

export type GuestRole = "editor" | "viewer";

/**
 * Who the server lists that the owner's signed roster does not carry, and who the owner
 * signed in that the server no longer lists (issue 33, item 2).
 */
export interface Unsigned {
  /** Listed by the server, never added by the owner: given no key, shown apart. */
  ghosts: Member[];
  /** Added by the owner, no longer listed: their key is replaced at the owner's next change. */
  departed: number;
}

/** Someone whose signature is on a shared note's content (issue 21, attack 4). */
export interface NoteAuthor {
  userId: string;
  /** "you", their handle, or the address the owner added them by; undefined if unknown. */
  name: string | undefined;
  /** "verified": this account, or a compared safety number; "signed": pinned on first use. */
  trust: "verified" | "signed";
}

export interface NoteAuthors {
  authors: NoteAuthor[];
  /** Some content carried no signature this device could check. */
  unchecked: boolean;
  /** Some content carried a signature that does not match its signer's key. */
  forged: boolean;
  /** Whether the roster (and so the names) was read on this device under the current key. */
  named: boolean;
}

export interface SharingHost {
  note(id: string): OpenNote | undefined;
  /** Seals typed edits and sends the outbox, so they go out under the current key. */
  settle(): Promise<void>;
  /** The roster changed (and with a rotation, the note's key). */
  changed(note: OpenNote, change: RosterChange): Promise<void>;
  /** A roster was read or written: who is on the note, owner first. */
  rosterSeen(id: string, members: readonly Member[]): void;
  /** This account left the note: the next sync takes it off the device. */
  left(id: string): Promise<void>;
}

/** The note is not (or no longer) on this device. */
export class NoteUnavailable extends Error {
  override readonly name = "NoteUnavailable";
}

/** "@bob" and "Bob" are handles; anything else with an "@" is an e-mail (contract.md §2). */
export function queryFor(identifier: string): UserQuery {
  const text = identifier.trim().toLowerCase();
  const handle = text.replace(/^@/, "");
  return handle.includes("@") ? { email: text } : { handle };
}

export class NoteSharing {
  /** Members' public keys, learned once (a keypair never changes); spares look-ups. */
  private readonly directory = new PublicKeyDirectory();
  /** Per note, what the last roster read found outside the owner's signed roster. */
  private readonly unsigned = new Map<string, Unsigned>();

  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
    private readonly host: SharingHost,
  ) {}

  /**
   * Everyone on the note as its owner signed them, owner first (any member may read it).
   * Throws RosterChainRefused when the owner's signed roster does not check out.
   */
  async members(id: string): Promise<Member[]> {
    const roster: Roster = await listMembers(this.api, id);
    const signed = await signedRoster(
      await loadSodium(),
      this.api,
      this.session,
      id,
      roster.members,
    );
    this.unsigned.set(id, { ghosts: signed.ghosts, departed: signed.departed.length });
    // Pins the members' keys seen for the first time, and who is on the note under
    // its current key (content under a retired key is judged by it).
    await rememberRoster(
      this.api,
      this.session,
      id,
      this.host.note(id)?.wrappedCek,
      signed.members,
    );
    this.host.rosterSeen(id, signed.members);
    return signed.members;
  }

  /** What the last roster read of the note found outside the owner's signed roster. */
  outsideSigned(id: string): Unsigned {
    return this.unsigned.get(id) ?? { ghosts: [], departed: 0 };
  }

  /** Adds the person `identifier` names (or sets their role when already there). */
  async add(id: string, identifier: string, role: GuestRole): Promise<Member[]> {
    // Against the keys seen before: a different one throws PublicKeyChanged.
    const found = await resolveUser(this.api, queryFor(identifier), keyPinsOf(this.session));
    return this.change(id, (note) =>
      addMember(
        this.api,
        this.session,
        note,
        {
          userId: found.userId,
          publicKey: found.publicKey,
          signingPublicKey: found.signingPublicKey,
          role,
        },
        { directory: this.directory },
      ),
    );
  }

  setRole(id: string, userId: string, role: GuestRole): Promise<Member[]> {
    return this.change(id, (note) =>
      changeRole(this.api, this.session, note, { userId, role }, { directory: this.directory }),
    );
  }

  /**
   * The person compared safety numbers and takes the key the server now gives for
   * `change.userId`: once the key-transparency log proves it (else KeyTransparencyFailed,
   * and the old pin stays), it replaces the pinned one, and sharing with them works again.
   */
  trustNewKey(change: PublicKeyChanged): Promise<void> {
    return acceptKeyChange(
      keyPinsOf(this.session),
      change.userId,
      change.newPublicKey,
      change.newSigningPublicKey,
      keyTransparencyFor(this.api),
    );
  }

  /**
   * Whether this account compared safety numbers with `userId` (over their pinned
   * key), on this device or another one of the account's (key-pins-carrier.ts).
   */
  verified(userId: string): boolean {
    const pins = keyPinsOf(this.session);
    return pins.get(userId)?.verified === true && !pendingSigningKey(pins, userId);
  }

  /**
   * Whether a signing key was seen for `userId`, pinned without one, and waits for the
   * person to compare over it (issue 33, item 9): the server may have planted it.
   */
  signingKeyPending(userId: string): boolean {
    return pendingSigningKey(keyPinsOf(this.session), userId) !== undefined;
  }

  /**
   * The person chose to trust keys as first seen on this device although the server
   * keeps the account's pins from it (issue 33, item 4): first sights pin again.
   */
  trustKeysAfresh(): void {
    trustKeysAfresh(keyPinsOf(this.session));
  }

  /** Hears every pin change (a comparison here, or pins carried from another device). */
  watchPins(listener: () => void): () => void {
    const pins = keyPinsOf(this.session);
    return pins instanceof MemoryKeyPins ? pins.onChange(listener) : () => {};
  }

  /**
   * The safety number with a member of `members`, over the key pinned for them (found
   * and pinned now if this device never saw it: trust on first use).
   */
  async safetyNumber(members: readonly Member[], userId: string): Promise<string> {
    const publicKey = await this.memberKey(members, userId);
    const signingPublicKey = this.signingKeyToCompare(userId);
    return safetyNumberWith(this.session, { userId, publicKey, signingPublicKey });
  }

  /**
   * The two compared the safety number and it matched: their pinned key is verified, and
   * a signing key that waited (pending) is pinned with it, as the number covered it; each
   * only once the key-transparency log proves it (else KeyTransparencyFailed).
   */
  async markVerified(members: readonly Member[], userId: string): Promise<void> {
    const publicKey = await this.memberKey(members, userId);
    const pins = keyPinsOf(this.session);
    const kt = keyTransparencyFor(this.api);
    await markVerified(pins, userId, publicKey, this.signingKeyToCompare(userId), kt);
  }

  /** The signing key pinned for `userId`, else the one waiting to be compared. */
  private signingKeyToCompare(userId: string): Uint8Array | undefined {
    const pins = keyPinsOf(this.session);
    return pins.get(userId)?.signingPublicKey ?? pendingSigningKey(pins, userId);
  }

  private async memberKey(members: readonly Member[], userId: string): Promise<Uint8Array> {
    const sources = { directory: this.directory, pins: keyPinsOf(this.session) };
    const keys = await memberPublicKeys(this.api, sources, members, [userId]);
    const key = keys.get(userId);
    if (!key) throw new Error(`no key for ${userId}`);
    return key;
  }

  /** Who signed what this device applied of a shared note; undefined before anything. */
  authors(id: string): NoteAuthors | undefined {
    const note = this.host.note(id);
    const authorship = note?.authorship;
    if (!note || !authorship) return undefined;
    const roster = rosterOf(this.session, id);
    const own = this.session.account.id;
    const pins = keyPinsOf(this.session);
    // Trust as the pins say now: a comparison made since the content was checked shows
    // at once (the signature was checked against the very key that is now verified).
    const authors = [...authorship.signers].map(([userId, trust]) => ({
      userId,
      name: userId === own ? "you" : roster?.names.get(userId),
      trust: pins.get(userId)?.verified ? ("verified" as const) : trust,
    }));
    // You first, then by name: the line reads the same on every render.
    authors.sort((a, b) => Number(b.userId === own) - Number(a.userId === own));
    return {
      authors,
      unchecked: authorship.unchecked,
      forged: authorship.forged === true,
      named: roster !== undefined && roster.wrappedCek === note.wrappedCek,
    };
  }

  /** This account's key fingerprint, which the people it shares with compare. */
  myFingerprint(): Promise<string> {
    const { account, keyPair, signingKeyPair } = this.session;
    return keyFingerprint(account.id, keyPair.publicKey, signingKeyPair.publicKey);
  }

  /** An editor or viewer leaves a note someone shared with them. */
  async leave(id: string): Promise<void> {
    await leaveNote(this.api, id, this.session);
    await this.host.left(id);
  }

  /** Rotates the note's key (the SDK keeps the old one in the session's keyring). */
  remove(id: string, userId: string): Promise<Member[]> {
    return this.change(id, (note) =>
      removeMember(this.api, this.session, note, userId, { directory: this.directory }),
    );
  }

  private async change(
    id: string,
    write: (note: OpenNote) => Promise<RosterChange>,
  ): Promise<Member[]> {
    const note = this.host.note(id);
    if (!note) throw new NoteUnavailable(id);
    await this.host.settle();
    const change = await write(note);
    // The change was written from the signed roster: ghosts and departures are gone.
    this.unsigned.delete(id);
    await this.host.changed(note, change);
    this.host.rosterSeen(id, change.members);
    return change.members;
  }
}
