// Why a note left this device, for the words its empty pane shows: the server
// answers a removed member, or any member of a deleted note, with a tombstone
// (`role: revoked` or `deleted: true`, docs/sharing.md), and the note's copy and
// keys are then forgotten. What the person should read differs: "unshared with
// you by its owner" is not "deleted". The tombstone names nobody, but only the
// owner can remove people or delete a note, so the owner is who did it; their
// name is known when this device read the note's roster before (the share dialog).
import {
  type ApiClient,
  isProblem,
  type Member,
  type NoteState,
  type OpenNote,
} from "@notes/client";

export interface NoteDeparture {
  /** `unshared`: this account was removed from the note; `deleted`: the note is gone. */
  reason: "unshared" | "deleted";
  /** The note's title as this device last had it ("" when it had none). */
  title: string;
  /** This account owned the note (so a deletion was its own, elsewhere). */
  wasOwner: boolean;
  /** The owner's handle (or the name the roster gave), when a roster was read here. */
  owner?: string;
  /**
   * The owner did not sign it (issue 33, item 3): the server's word only, so this device
   * keeps the note set aside in the Trash instead of forgetting it.
   */
  keptAside?: boolean;
}

/**
 * Tells a deletion from a removal. Tombstones are alike for both (`deleted: true,
 * role: revoked`), but a room ticket for a deleted note answers its former members
 * 410 note-deleted, and anyone else (a removed member) 404: answers "deleted" or
 * "unshared", or undefined when it cannot tell (offline).
 */
export type DepartureProbe = (id: string) => Promise<NoteDeparture["reason"] | undefined>;

/** The probe over the API: a room ticket answers a deleted note's former members 410. */
export function roomTicketProbe(api: ApiClient): DepartureProbe {
  return async (id) => {
    try {
      await api.call("notes.roomTicket", { id });
      return undefined;
    } catch (error) {
      if (isProblem(error, "note-deleted")) return "deleted";
      if (isProblem(error, "note-not-found")) return "unshared";
      return undefined;
    }
  };
}

export class NoteDepartures {
  private readonly departed = new Map<string, NoteDeparture>();
  private readonly owners = new Map<string, string>();

  /** `changed`: a probe's answer changed a departure (the pane's words must follow). */
  constructor(
    private readonly probe?: DepartureProbe,
    private readonly changed: () => void = () => undefined,
  ) {}

  /** Every note state sync reads passes here, with the note as this device has it. */
  observe(
    state: Pick<NoteState, "id" | "deleted" | "role">,
    local: { role: OpenNote["role"]; metadata: { title: string } } | undefined,
  ): void {
    const gone = state.deleted || state.role === "revoked";
    if (!gone) {
      // Shared again, or still there: nothing to explain.
      this.departed.delete(state.id);
      return;
    }
    // Only a note this device had can be explained; a tombstone of one it never
    // opened (or already forgot) changes nothing.
    if (!local) return;
    const owner = this.owners.get(state.id);
    const wasOwner = local.role === "owner";
    const departure: NoteDeparture = {
      // An owner is never removed; a tombstone that is not a deletion is a removal.
      reason: wasOwner || (state.deleted && state.role !== "revoked") ? "deleted" : "unshared",
      title: local.metadata.title,
      wasOwner,
      ...(owner !== undefined && { owner }),
    };
    this.departed.set(state.id, departure);
    if (wasOwner || !this.probe) return;
    void this.probe(state.id)
      .then((reason) => {
        if (!reason || reason === departure.reason) return;
        if (this.departed.get(state.id) !== departure) return;
        this.departed.set(state.id, { ...departure, reason });
        this.changed();
      })
      .catch(() => undefined);
  }

  /** A roster read or written on this device: remember who owns the note. */
  rosterSeen(id: string, members: readonly Member[]): void {
    const owner = members.find((m) => m.role === "owner");
    const name = owner?.handle ?? owner?.name;
    if (name) this.owners.set(id, name);
  }

  get(id: string): NoteDeparture | undefined {
    return this.departed.get(id);
  }
}
