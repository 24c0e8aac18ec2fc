// Sharing one note (owner only, contract.md §3, §4): find a person by handle or
// e-mail, add them as editor or viewer, change a role, remove someone. The SDK does
// the protocol (roster under If-Match, the content key sealed to every member, key
// rotation on removal); this module settles local edits first, so nothing typed is
// sealed under a key about to be replaced, and tells the Notebook what changed.
import {
  type ApiClient,
  addMember,
  changeRole,
  listMembers,
  type Member,
  type OpenNote,
  PublicKeyDirectory,
  type Roster,
  type RosterChange,
  removeMember,
  resolveUser,
  type Session,
  type UserQuery,
} from "@notes/client";

export type GuestRole = "editor" | "viewer";

export interface SharingHost {
  note(id: string): OpenNote | undefined;
  /** Seals typed edits and sends the outbox, so they go out under the current key. */
  settle(): Promise<void>;
  /** The roster changed (and with a rotation, the note's key). */
  changed(note: OpenNote, change: RosterChange): Promise<void>;
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

  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
    private readonly host: SharingHost,
  ) {}

  /** Everyone on the note, owner first (any member may read it). */
  async members(id: string): Promise<Member[]> {
    const roster: Roster = await listMembers(this.api, id);
    return roster.members;
  }

  /** Adds the person `identifier` names (or sets their role when already there). */
  async add(id: string, identifier: string, role: GuestRole): Promise<Member[]> {
    const found = await resolveUser(this.api, queryFor(identifier));
    return this.change(id, (note) =>
      addMember(
        this.api,
        this.session,
        note,
        { userId: found.userId, publicKey: found.publicKey, role },
        { directory: this.directory },
      ),
    );
  }

  setRole(id: string, userId: string, role: GuestRole): Promise<Member[]> {
    return this.change(id, (note) =>
      changeRole(this.api, this.session, note, { userId, role }, { directory: this.directory }),
    );
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
    await this.host.changed(note, change);
    return change.members;
  }
}
