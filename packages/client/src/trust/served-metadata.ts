// Checking served title and tags against what this device saw (issue 33, item 6).
// Changing only the metadata does not raise a note's version, so the version checks of
// served-state.ts cannot see it rolled back. Metadata carries a revision ("rev" in the
// sealed JSON, raised by every writer: seal-content.ts) and the seen state keeps the
// highest one with the digest of the envelope that carried it. Refused: a lower
// revision (metadata of before revisions reads as 0), and an envelope of the same
// revision that this device saw replaced. Another envelope of the same revision that it
// never saw is taken: two writers wrote from the same revision, and the server keeps the
// later (an honest server serves it from then on).
import type { NoteMetadata } from "@notes/crypto";
import type { NoteState } from "../api/types";
import { RollbackDetected } from "../errors";
import type { Session } from "../vault/session";
import { MAX_REPLACED, updateDigest } from "./seen-states";
import { type SeenAtRequest, seenStatesOf } from "./served-state";

type Hash = Parameters<typeof updateDigest>[0];

/** The revision a metadata object carries (0 for one written before revisions). */
export function revisionOf(metadata: Pick<NoteMetadata, "rev">): number {
  return metadata.rev ?? 0;
}

/**
 * Throws RollbackDetected ("older-metadata") when `metadata`, opened from
 * `state.metadata`, is older than what this device had seen when it asked for `state`.
 */
export function checkServedMetadata(
  sodium: Hash,
  session: Session,
  state: NoteState,
  metadata: NoteMetadata,
  asked: SeenAtRequest = (id) => seenStatesOf(session).get(id),
): void {
  const held = asked(state.id);
  if (!held || held.metadataRev === undefined || !state.metadata) return;
  const rev = revisionOf(metadata);
  if (rev > held.metadataRev) return;
  if (rev === held.metadataRev) {
    const digest = updateDigest(sodium, state.metadata);
    const replaced = held.metadataReplaced ?? [];
    if (digest === held.metadataDigest || !replaced.includes(digest)) return;
  }
  const versions = { version: held.version, snapshotVersion: held.snapshotVersion };
  throw new RollbackDetected(state.id, "older-metadata", versions, {
    version: state.version,
    snapshotVersion: state.snapshotVersion,
  });
}

/** Remembers the metadata of `state` (opened: `metadata`) when it is the newest seen. */
export function recordServedMetadata(
  sodium: Hash,
  session: Session,
  state: NoteState,
  metadata: NoteMetadata,
): void {
  if (!state.metadata) return;
  const seen = seenStatesOf(session);
  const held = seen.get(state.id);
  if (!held) return;
  const rev = revisionOf(metadata);
  const digest = updateDigest(sodium, state.metadata);
  const top = held.metadataRev;
  if (top !== undefined && (rev < top || digest === held.metadataDigest)) return;
  const replaced =
    top === rev && held.metadataDigest
      ? [held.metadataDigest, ...(held.metadataReplaced ?? [])].slice(0, MAX_REPLACED)
      : [];
  const { metadataReplaced: _, ...rest } = held;
  seen.set({
    ...rest,
    metadataRev: rev,
    metadataDigest: digest,
    ...(replaced.length > 0 && { metadataReplaced: replaced }),
  });
}

/**
 * Remembers the metadata `note` took from `state`: `served` is what the state carried
 * (opened). Metadata refused as a retired key's was not taken, so its revision is not seen.
 */
export function recordTakenMetadata(
  sodium: Hash,
  session: Session,
  state: NoteState,
  note: { metadata: NoteMetadata },
  served: NoteMetadata | undefined = note.metadata,
): void {
  if (!served) return;
  const taken =
    revisionOf(note.metadata) === revisionOf(served) && note.metadata.title === served.title;
  if (taken) recordServedMetadata(sodium, session, state, note.metadata);
}
