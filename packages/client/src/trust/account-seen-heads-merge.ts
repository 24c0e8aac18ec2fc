// Merging seen heads (issue 33, item 12; docs/client-crypto.md, "The account's seen
// heads"). Two copies merge per note to the highest of each field, and a deletion the
// owner signed stays: a merge never lowers anything any device saw. A fresh device
// raises its seen states to the merged heads the same way, so a head can only add to
// what it refuses, never make it take something older.
import type { SeenState, SeenStates } from "./seen-states";

/** The fields a head carries; nothing else of a seen state travels. */
function headOf(state: SeenState): SeenState {
  return {
    noteId: state.noteId.toLowerCase(),
    version: state.version,
    snapshotVersion: state.snapshotVersion,
    ...((state.metadataRev ?? 0) > 0 && { metadataRev: state.metadataRev }),
    ...(state.left?.confirmed && { left: { at: state.left.at, confirmed: true } }),
  };
}

/** Per note the highest version, snapshot version and metadata revision; a deletion stays. */
export function mergeHeads(...copies: readonly (readonly SeenState[])[]): SeenState[] {
  const byNote = new Map<string, SeenState>();
  for (const copy of copies) {
    for (const state of copy) {
      const head = headOf(state);
      const held = byNote.get(head.noteId);
      byNote.set(head.noteId, held ? raised(held, head) : head);
    }
  }
  return [...byNote.values()].sort((a, b) => (a.noteId < b.noteId ? -1 : 1));
}

/**
 * `state` raised to `head`: a higher version (its update digest then no longer applies),
 * snapshot version or metadata revision (its digests no longer apply), and the owner's
 * deletion. Everything else `state` knew stays.
 */
export function raised(state: SeenState, head: SeenState): SeenState {
  const out: SeenState = { ...state };
  if (head.version > state.version) {
    out.version = head.version;
    delete out.updateDigest;
  }
  out.snapshotVersion = Math.max(state.snapshotVersion, head.snapshotVersion);
  if ((head.metadataRev ?? 0) > (state.metadataRev ?? 0)) {
    out.metadataRev = head.metadataRev;
    delete out.metadataDigest;
    delete out.metadataReplaced;
  }
  if (head.left?.confirmed && !state.left?.confirmed) out.left = { ...head.left };
  return out;
}

/** Raises `store` to `heads`, never lowering anything it holds; answers the notes raised. */
export function raiseSeenStates(store: SeenStates, heads: readonly SeenState[]): string[] {
  const changed: string[] = [];
  for (const head of heads) {
    const held = store.get(head.noteId);
    const next = held ? raised(held, head) : headOf(head);
    if (held && sameHead(held, next) && held.left?.confirmed === next.left?.confirmed) continue;
    store.set(next);
    changed.push(next.noteId.toLowerCase());
  }
  return changed;
}

function sameHead(a: SeenState, b: SeenState): boolean {
  return (
    a.version === b.version &&
    a.snapshotVersion === b.snapshotVersion &&
    (a.metadataRev ?? 0) === (b.metadataRev ?? 0)
  );
}
