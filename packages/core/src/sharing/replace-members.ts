// Replaces a note's membership set (contract.md §3, §4, §11), owner only, held to
// the roster's strong ETag. `members` lists everyone but the owner: new ids (people
// the owner resolved: contacts.ts) join, changed roles or wraps are updated, absent ids are removed (their view becomes a
// tombstone). Every live member's view and every removed member's view moves to
// one new seq, announced to the relay, which closes removed members' room sockets.
// Runs under the note row lock, so it serializes with appends and compactions:
// a removed editor's append either lands before the removal or is refused.
// Issue 33: the owner's client may send the roster's signed chain entry (`roster`) and a
// key handout beside each wrap (`wrapSignature`, `ownerWrapSignature`); they are stored
// opaque, the entry appended to the chain at its next epoch and the handouts with that
// epoch, so each member's note state carries the owner's signature over its wrap.
import { noteMembers } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import {
  type FieldError,
  invalidRequest,
  preconditionFailed,
  preconditionRequired,
} from "../errors";
import { drawSeq } from "../notes/change-seq";
import { lockNoteForWrite, touchMembers } from "../notes/note-access";
import { announce } from "../realtime/announce";
import { sameBytes } from "../shared/bytes";
import { requireCallerSigned } from "../shared/signature-block";
import type { Caller } from "../types";
import { notAContact, resolvedContacts } from "./contacts";
import { revokeMembers } from "./revoke-members";
import { type Member, type RosterRow, readRoster, rosterView } from "./roster";
import { appendChainEntry, entrySignature } from "./roster-chain";

export interface MemberEntry {
  userId: string;
  role: "editor" | "viewer";
  wrappedCek: Uint8Array;
  addedBy?: string | null;
  /** The owner's key handout over `wrappedCek` at `roster.epoch`. */
  wrapSignature?: Uint8Array | null;
}

export interface RosterReplacement {
  members: MemberEntry[];
  ownerWrappedCek?: Uint8Array | null;
  ownerWrapSignature?: Uint8Array | null;
  /** The signed chain entry of this roster (issue 33), at the chain's next epoch. */
  roster?: { epoch: number; entry: Uint8Array } | null;
}

function validate(input: RosterReplacement, roster: RosterRow[], ownerId: string): void {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const known = new Set([...roster.map((m) => m.accountId), ...input.members.map((m) => m.userId)]);
  // The roster shows addedBy as stored, and a client sends it back as it read it, also
  // when the adder has since left or been removed.
  const stored = new Map(roster.map((m) => [m.accountId, m.addedBy]));
  input.members.forEach((m, i) => {
    if (m.userId === ownerId)
      errors.push({ pointer: `/members/${i}/userId`, detail: "The owner is implicit." });
    else if (seen.has(m.userId))
      errors.push({ pointer: `/members/${i}/userId`, detail: "Listed twice." });
    seen.add(m.userId);
    if (m.addedBy && m.addedBy !== stored.get(m.userId) && !known.has(m.addedBy))
      errors.push({ pointer: `/members/${i}/addedBy`, detail: "Not a member of this note." });
  });
  if (errors.length > 0) throw invalidRequest(errors);
  const handouts = input.members.some((m) => m.wrapSignature) || input.ownerWrapSignature;
  if (handouts && !input.roster)
    throw invalidRequest([
      { pointer: "/roster", detail: "Signed handouts need the roster entry." },
    ]);
}

export async function replaceMembers(
  core: Core,
  caller: Caller,
  noteId: string,
  ifMatch: string | null,
  input: RosterReplacement,
): Promise<{ members: Member[]; etag: string }> {
  if (ifMatch === null) throw preconditionRequired();
  const id = noteId.toLowerCase();
  const members = input.members.map((m) => ({ ...m, userId: m.userId.toLowerCase() }));
  return core.db.transaction(async (tx) => {
    const note = await lockNoteForWrite(tx, id, caller.accountId, "owner");
    const roster = await readRoster(tx, id);
    const current = rosterView(roster, caller.accountId);
    if (ifMatch !== "*" && !ifMatch.split(/\s*,\s*/).includes(current.etag))
      throw preconditionFailed();
    validate({ ...input, members }, roster, note.ownerId);
    requireCallerSigned(caller.accountId, [
      ...members.map((m, i) => [`/members/${i}/wrapSignature`, m.wrapSignature] as const),
      ["/ownerWrapSignature", input.ownerWrapSignature],
      ["/roster/entry", entrySignature(input.roster?.entry)],
    ]);

    const existing = new Map(roster.filter((m) => m.role !== "owner").map((m) => [m.accountId, m]));
    const joining = members.filter((m) => !existing.has(m.userId)).map((m) => m.userId);
    // A newcomer must be someone the owner resolved (by handle or address), so an
    // account id learned elsewhere adds nobody; unknown and unresolved ids answer
    // alike, so neither does this tell whether the account exists.
    const contacts = await resolvedContacts(tx, caller.accountId, joining);
    const stranger = joining.find((u) => !contacts.has(u));
    if (stranger) throw notAContact(stranger);
    const listed = new Set(members.map((m) => m.userId));
    const removed = [...existing.keys()].filter((u) => !listed.has(u));
    const owner = roster.find((m) => m.role === "owner");
    const ownerRewrap =
      input.ownerWrappedCek != null && !sameBytes(owner?.wrappedCek ?? null, input.ownerWrappedCek);
    const changed = members.filter((m) => {
      const was = existing.get(m.userId);
      return !was || was.role !== m.role || !sameBytes(was.wrappedCek, m.wrappedCek);
    });
    if (changed.length === 0 && removed.length === 0 && !ownerRewrap) return current;

    const epoch = input.roster?.epoch ?? null;
    if (input.roster) await appendChainEntry(tx, id, input.roster.epoch, input.roster.entry);
    const seq = await drawSeq(tx);
    if (changed.length > 0) {
      await tx
        .insert(noteMembers)
        .values(
          changed.map((m) => ({
            noteId: id,
            accountId: m.userId,
            role: m.role,
            wrappedCek: m.wrappedCek,
            wrapSignature: m.wrapSignature ?? null,
            wrapEpoch: m.wrapSignature ? epoch : null,
            addedBy: m.addedBy ?? existing.get(m.userId)?.addedBy ?? caller.accountId,
            seq,
          })),
        )
        .onConflictDoUpdate({
          target: [noteMembers.noteId, noteMembers.accountId],
          set: {
            role: sql`excluded.role`,
            wrappedCek: sql`excluded.wrapped_cek`,
            wrapSignature: sql`excluded.wrap_signature`,
            wrapEpoch: sql`excluded.wrap_epoch`,
            addedBy: sql`excluded.added_by`,
            seq: sql`excluded.seq`,
            // A former member added back is live again: their frozen tombstone goes.
            revokedAt: null,
            revokedVersion: null,
            revokedSnapshotVersion: null,
          },
        });
    }
    await revokeMembers(tx, id, removed, seq);
    if (ownerRewrap && input.ownerWrappedCek) {
      await tx.execute(
        sql`update note_members set wrapped_cek = ${Buffer.from(input.ownerWrappedCek)},
              wrap_signature = ${input.ownerWrapSignature ? Buffer.from(input.ownerWrapSignature) : null},
              wrap_epoch = ${input.ownerWrapSignature ? epoch : null}
            where note_id = ${id} and account_id = ${note.ownerId}`,
      );
    }
    // memberCount is part of every member's view, so all live views move.
    await touchMembers(tx, id, seq);
    await announce(tx, { e: "note", kind: "roster", noteId: id, seq, ownerId: note.ownerId });
    return rosterView(await readRoster(tx, id), caller.accountId);
  });
}
