// How the bridge log names who spoke: "You", the author's handle, or, for an
// account without a handle, a short form of its id; "A former member" once the
// account is deleted (the server then drops the attribution).
import type { BridgeEntry } from "@notes/client";

export function authorName(entry: Pick<BridgeEntry, "authorId" | "authorHandle">, ownId: string) {
  if (!entry.authorId) return "A former member";
  if (entry.authorId === ownId) return "You";
  return entry.authorHandle ?? `Member ${entry.authorId.slice(0, 8)}`;
}
