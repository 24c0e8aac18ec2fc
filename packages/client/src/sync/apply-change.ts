// Applying one change-feed entry to the notes a SyncEngine holds (sync-engine.ts), after
// judging it (trust/): a state less than this device saw (RollbackDetected,
// CompactionIncomplete) or one that does not open changes nothing of the note and is
// reported; a tombstone removes a note only when its owner signed the deletion (or, for
// a removal, the owner's verified roster chain no longer lists this account), else the
// note is set aside with its content; a role the chain does not sign is not taken
// (issue 33, items 3, 6 and 13).
import type { NoteMetadata, Sodium } from "@notes/crypto";
import * as Y from "yjs";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { NoteState } from "../api/types";
import { ServedStateRefused } from "../errors";
import { formerKeys, keysOf } from "../notes/note-keys";
import { applyUpdatesAbove, type OpenNote, openState, REMOTE_ORIGIN } from "../notes/open-state";
import { prepareToRead } from "../notes/prepare-read";
import { compareCarriedHead } from "../trust/carried-heads";
import { isDeparting, judgeTombstone, recordDeparture } from "../trust/deletion-check";
import { checkServedMetadata, recordTakenMetadata } from "../trust/served-metadata";
import {
  checkCompactionCovers,
  checkServedState,
  heldClocksOf,
  raiseClocks,
  recordServedState,
  type SeenAtRequest,
  seenNow,
} from "../trust/served-state";
import { signedPlace } from "../trust/signed-place";
import { judgeServedRole } from "../trust/signed-role";
import type { Session } from "../vault/session";
import { notOpenedReason, openServedMetadata } from "./not-opened";
import type { SetAsideNotes } from "./set-aside";
import type { SyncResult } from "./sync-result";

export class ChangeApplier {
  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
    private readonly notes: Map<string, OpenNote>,
    private readonly setAside: SetAsideNotes,
  ) {}

  async apply(
    sodium: Sodium,
    served: NoteState,
    result: SyncResult,
    asked: SeenAtRequest,
  ): Promise<void> {
    let entry = served;
    if (entry.deleted || entry.role === "revoked") {
      const signedRemoval = await this.removalSigned(sodium, entry);
      this.depart(sodium, entry, result, asked, signedRemoval);
      return;
    }
    // A note set aside that the server serves live again (shared again) comes back.
    const aside = this.setAside.get(entry.id)?.note;
    const local = this.notes.get(entry.id) ?? aside;
    await prepareToRead(this.api, this.session, entry, local);
    if (local && !aside && entry.role !== local.role) {
      entry = await this.roleAsSigned(sodium, entry, local.role, result);
    }
    try {
      checkServedState(sodium, this.session, entry, asked);
      if (local && local.version >= entry.snapshotVersion) {
        this.catchUpHeld(sodium, local, entry, asked);
      } else if (entry.snapshot) {
        this.adopt(sodium, local, entry, asked);
      } else {
        // Deleted or left since this page was read: the read is 404 (contract.md §11),
        // and the tombstone follows on a later page (judged there); the note stays.
        const askedGet = seenNow(this.session, entry.id);
        const state = await this.api.call("notes.get", { id: entry.id }).catch((error: unknown) => {
          if (isProblem(error, "note-not-found")) return undefined;
          throw error;
        });
        if (!state) return;
        if (state.deleted) {
          this.depart(sodium, state, result, askedGet);
          return;
        }
        checkServedState(sodium, this.session, state, askedGet);
        await prepareToRead(this.api, this.session, state, local);
        this.adopt(sodium, local, state, askedGet);
      }
    } catch (error) {
      if (error instanceof ServedStateRefused) {
        result.refused.push(error);
        return;
      }
      const reason = notOpenedReason(sodium, this.session, entry, local, error);
      if (!reason) throw error;
      result.notOpened.push({ noteId: entry.id, reason, held: local !== undefined });
      if (reason === "content") result.unreadable.push(entry.id);
      return;
    } finally {
      const held = this.notes.get(entry.id) ?? aside;
      if (held?.warnings) {
        result.refused.push(...held.warnings);
        held.warnings = undefined;
      }
    }
    if (aside && this.setAside.release(entry.id)) this.notes.set(entry.id, aside);
    result.changed.push(entry.id);
  }

  /**
   * Whether the owner's verified chain confirms the removal `tombstone` reports (issue 33,
   * item 3): its newest entry no longer lists this account. Read only for an unsigned
   * removal of a note held here that this device did not ask to leave.
   */
  private async removalSigned(sodium: Sodium, tombstone: NoteState): Promise<boolean> {
    if (tombstone.deleted || tombstone.deletionSignature) return false;
    const held = this.notes.get(tombstone.id) ?? this.setAside.get(tombstone.id)?.note;
    if (!held || held.role === "owner" || isDeparting(this.session, tombstone.id)) return false;
    const place = await signedPlace(sodium, this.api, this.session, tombstone.id, held.role);
    return place.kind === "signed" && place.role === undefined;
  }

  /**
   * The served state with this account's role as the owner decided it (signed-role.ts):
   * a role the verified chain does not sign, or a served ownership, is not taken (the
   * note keeps the signed or held role) and is reported.
   */
  private async roleAsSigned(
    sodium: Sodium,
    entry: NoteState,
    held: NoteState["role"],
    result: SyncResult,
  ): Promise<NoteState> {
    const judged = await judgeServedRole(
      sodium,
      this.api,
      this.session,
      entry.id,
      held,
      entry.role,
    );
    if (judged.refused) result.refused.push(judged.refused);
    return judged.role === entry.role ? entry : { ...entry, role: judged.role };
  }

  /**
   * Brings a held note level with `entry` (its version reaches the snapshot). Title and
   * tags are opened and judged first, so a state whose metadata does not open or is
   * older than seen changes nothing of the note (applyUpdatesAbove applies the updates
   * before the metadata).
   */
  private catchUpHeld(
    sodium: Sodium,
    local: OpenNote,
    entry: NoteState,
    asked: SeenAtRequest,
  ): void {
    const metadata = openServedMetadata(sodium, this.session, local, entry);
    if (metadata) checkServedMetadata(sodium, this.session, entry, metadata, asked);
    applyUpdatesAbove(sodium, local, entry, this.session);
    local.role = entry.role;
    this.record(sodium, entry, local, metadata);
  }

  /** Opens `state` in full, judges its metadata, then takes it in (see replace). */
  private adopt(
    sodium: Sodium,
    local: OpenNote | undefined,
    state: NoteState,
    asked: SeenAtRequest,
  ): void {
    const fresh = openState(sodium, this.session, state);
    checkServedMetadata(sodium, this.session, state, fresh.metadata, asked);
    this.replace(local, fresh);
    this.record(sodium, state, fresh);
  }

  /** Remembers `state` as seen, with its metadata when the note took it (`served`). */
  private record(
    sodium: Sodium,
    state: NoteState,
    note: OpenNote,
    served: NoteMetadata | undefined = note.metadata,
  ): void {
    recordServedState(sodium, this.session, state);
    recordTakenMetadata(sodium, this.session, state, note, served);
    // The writer's key-transparency head, compared in the background (issue 34).
    void compareCarriedHead(sodium, this.api, this.session, state, served, keysOf(note));
  }

  /**
   * A tombstone: the note goes only when its owner signed the deletion; otherwise its
   * content stays here, set aside and reported. What was seen of it stays either way.
   */
  private depart(
    sodium: Sodium,
    tombstone: NoteState,
    result: SyncResult,
    asked: SeenAtRequest,
    signedRemoval = false,
  ): void {
    const { id } = tombstone;
    const held = this.notes.get(id);
    const aside = this.setAside.get(id);
    const role = (held ?? aside?.note)?.role;
    const verdict = judgeTombstone(sodium, this.session, tombstone, role, asked(id), signedRemoval);
    recordDeparture(this.session, tombstone, verdict);
    if (verdict.confirmed) {
      const wasAside = this.setAside.release(id);
      if (this.notes.delete(id) || wasAside) result.removed.push(id);
      return;
    }
    if (!held) return;
    this.notes.delete(id);
    const removal = { noteId: id, reason: verdict.reason, note: held, at: tombstone.updatedAt };
    this.setAside.keep(removal);
    result.unconfirmed.push(removal);
  }

  /**
   * Keeps an existing Y.Doc object (editors may hold it) by merging the fresh state in,
   * once it reaches every writer's edits the local one held (else CompactionIncomplete).
   */
  private replace(local: OpenNote | undefined, fresh: OpenNote): void {
    if (!local) {
      this.notes.set(fresh.id, fresh);
      return;
    }
    checkCompactionCovers(
      local.id,
      local.heldClocks,
      fresh.heldClocks ?? new Map(),
      fresh.snapshotVersion,
    );
    // Yjs states merge idempotently; the remote origin keeps editors from re-sending.
    Y.applyUpdate(local.doc, Y.encodeStateAsUpdate(fresh.doc), REMOTE_ORIGIN);
    // Keys held before stay held: content sealed under them may still be on the server.
    local.formerCeks = formerKeys(fresh.cek, [...keysOf(fresh), ...keysOf(local)]);
    local.cek = fresh.cek;
    local.wrappedCek = fresh.wrappedCek;
    local.resealDue = fresh.resealDue;
    local.unreadableFrom = fresh.unreadableFrom;
    local.version = fresh.version;
    local.snapshotVersion = fresh.snapshotVersion;
    local.metadata = fresh.metadata;
    local.role = fresh.role;
    local.updatedAt = fresh.updatedAt;
    local.authorship = fresh.authorship;
    local.warnings = [...(local.warnings ?? []), ...(fresh.warnings ?? [])];
    raiseClocks(heldClocksOf(local), fresh.heldClocks ?? []);
  }
}
