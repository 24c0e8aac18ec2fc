// What this device has seen of each note (issue 21, attack 5; issue 33, items 3 and 6):
// the newest version, snapshot version and a digest of the update at that version;
// the highest metadata revision and the envelope that carried it; who owns the note,
// once known; and, after a tombstone, that the note left and whether its owner signed
// the deletion. A server that later serves less (a lower version, an older snapshot, a
// changed update, older title and tags, a deleted note alive again) is caught by
// served-state.ts. A tombstone never erases any of it: what a device knows, the server
// cannot un-know. Like pins, the store is the app's to persist (the SDK's is in memory;
// onChange is the hook): a device that forgets what it saw cannot notice.
import type { Sodium } from "@notes/crypto";
import { fromBase64, toBase64 } from "@notes/crypto";

/** Why a tombstone was not taken as the owner's deletion (trust/deletion-check.ts). */
export type UnconfirmedReason =
  /** No signature: a removal or a leave (the server's word), or a deletion left unsigned. */
  | "unsigned"
  /** A signature that is malformed or does not verify over this note and version. */
  | "invalid-signature"
  /** A valid signature by someone who is not the note's owner as this device knows it. */
  | "not-the-owner"
  /** This device does not know the owner, or has no signing key of theirs to check with. */
  | "unknown-owner"
  /** Signed for a version older than this device saw (an old signature served again). */
  | "older-than-seen";

/** A note that left this device by a tombstone (issue 33, item 3). */
export interface LeftNote {
  /** When the tombstone says it happened (its updatedAt). */
  at: string;
  /** The owner's signature confirmed a deletion: the note is gone for good. */
  confirmed: boolean;
  /** Why it was not confirmed (its content then stays on the device, set aside). */
  reason?: UnconfirmedReason;
}

export interface SeenState {
  noteId: string;
  version: number;
  snapshotVersion: number;
  /**
   * Base64 BLAKE2b-256 of the update envelope at `version` (its Base64-decoded bytes),
   * when that version was an update above the snapshot; absent at a snapshot.
   */
  updateDigest?: string;
  /** The highest metadata revision seen ("rev" in the sealed JSON; 0 when absent). */
  metadataRev?: number;
  /** Base64 BLAKE2b-256 of the metadata envelope seen last at `metadataRev`. */
  metadataDigest?: string;
  /**
   * Digests of envelopes seen earlier at `metadataRev` and replaced since (two writers
   * wrote the same revision; the server keeps the later), newest first, at most
   * MAX_REPLACED: serving one of them again is a rollback.
   */
  metadataReplaced?: string[];
  /** The note's owner as this device knows it (trust/note-owners.ts). */
  ownerId?: string;
  /** The note left this device by a tombstone (kept so that it cannot be un-known). */
  left?: LeftNote;
}

/** Envelopes remembered per note as replaced at the highest metadata revision. */
export const MAX_REPLACED = 3;
/**
 * Notes that left this device remembered at most (the oldest departures go first):
 * the store stays bounded however many notes come and go. Live notes are never dropped.
 */
export const MAX_LEFT = 10_000;

/** Where seen states live; reads are synchronous (keep a copy in memory). */
export interface SeenStates {
  get(noteId: string): SeenState | undefined;
  set(state: SeenState): void;
  /**
   * Drops what was seen of the note. Sync never calls it on a tombstone any more (issue
   * 33, item 3); it is for an app that discards a note on purpose.
   */
  forget(noteId: string): void;
  all(): SeenState[];
}

export class MemorySeenStates implements SeenStates {
  private readonly byNote = new Map<string, SeenState>();
  private readonly listeners = new Set<() => void>();

  constructor(
    states: Iterable<SeenState> = [],
    private readonly maxLeft = MAX_LEFT,
  ) {
    for (const state of states) this.byNote.set(state.noteId.toLowerCase(), copyOf(state));
    this.bound();
  }

  get(noteId: string): SeenState | undefined {
    const state = this.byNote.get(noteId.toLowerCase());
    return state && copyOf(state);
  }

  set(state: SeenState): void {
    const noteId = state.noteId.toLowerCase();
    this.byNote.set(noteId, { ...copyOf(state), noteId });
    if (state.left) this.bound();
    this.changed();
  }

  forget(noteId: string): void {
    if (this.byNote.delete(noteId.toLowerCase())) this.changed();
  }

  all(): SeenState[] {
    return [...this.byNote.values()].map(copyOf);
  }

  /** Hears every change; answers an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Drops the oldest departures beyond maxLeft (sorting only when over the bound). */
  private bound(): void {
    const left = [...this.byNote.values()].filter((s) => s.left);
    if (left.length <= this.maxLeft) return;
    left.sort((a, b) => ((a.left?.at ?? "") < (b.left?.at ?? "") ? -1 : 1));
    for (const state of left.slice(0, left.length - this.maxLeft))
      this.byNote.delete(state.noteId.toLowerCase());
  }
}

/** BLAKE2b-256 of an envelope's bytes, Base64 (docs/client-crypto.md, "Seen states"). */
export function updateDigest(sodium: Pick<Sodium, "crypto_generichash">, envelope: string): string {
  return toBase64(sodium.crypto_generichash(32, fromBase64(envelope), null));
}

/**
 * Reads seen states back from JSON an app stored (`JSON.stringify(store.all())`), of
 * this version or an earlier one (whose entries have only the first four members).
 * A member of the wrong type is left out; an entry without its versions is skipped.
 */
export function parseSeenStates(json: string): SeenState[] {
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((s: Partial<SeenState>) =>
    typeof s === "object" &&
    s !== null &&
    typeof s.noteId === "string" &&
    Number.isSafeInteger(s.version) &&
    Number.isSafeInteger(s.snapshotVersion)
      ? [
          {
            noteId: s.noteId,
            version: s.version as number,
            snapshotVersion: s.snapshotVersion as number,
            ...(typeof s.updateDigest === "string" && { updateDigest: s.updateDigest }),
            ...(Number.isSafeInteger(s.metadataRev) && { metadataRev: s.metadataRev as number }),
            ...(typeof s.metadataDigest === "string" && { metadataDigest: s.metadataDigest }),
            ...(isStrings(s.metadataReplaced) && {
              metadataReplaced: s.metadataReplaced.slice(0, MAX_REPLACED),
            }),
            ...(typeof s.ownerId === "string" && { ownerId: s.ownerId.toLowerCase() }),
            ...(isLeft(s.left) && { left: leftOf(s.left) }),
          },
        ]
      : [],
  );
}

const REASONS: readonly UnconfirmedReason[] = [
  "unsigned",
  "invalid-signature",
  "not-the-owner",
  "unknown-owner",
  "older-than-seen",
];

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string");
}

function isLeft(value: unknown): value is LeftNote {
  if (typeof value !== "object" || value === null) return false;
  const left = value as Partial<LeftNote>;
  return typeof left.at === "string" && typeof left.confirmed === "boolean";
}

function leftOf(left: LeftNote): LeftNote {
  const reason = REASONS.find((r) => r === left.reason);
  return { at: left.at, confirmed: left.confirmed, ...(reason && { reason }) };
}

function copyOf(state: SeenState): SeenState {
  return {
    ...state,
    ...(state.metadataReplaced && { metadataReplaced: [...state.metadataReplaced] }),
    ...(state.left && { left: { ...state.left } }),
  };
}
