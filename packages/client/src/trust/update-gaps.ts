// Noticing an update the server left out (issue 21, attack 5). A writer's Yjs items are
// numbered from 0 without gaps, and each client appends its edits in order, so an
// update that starts a writer's items past what this device holds of that writer means
// an update between them was not served. Yjs keeps such an update pending until the
// missing one arrives; this names it, so the person can be told.
import * as Y from "yjs";
import type { HeldClocks } from "./served-state";

/** Writers whose part of `update` begins past the clock held of them. */
export function gapsBefore(
  held: HeldClocks,
  update: Uint8Array,
): { client: number; held: number; from: number }[] {
  const gaps: { client: number; held: number; from: number }[] = [];
  for (const [client, from] of Y.parseUpdateMeta(update).from) {
    const reached = held.get(client) ?? 0;
    if (from > reached) gaps.push({ client, held: reached, from });
  }
  return gaps;
}
