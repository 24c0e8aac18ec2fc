// How the bridge log names who spoke: "You", the author's handle, or, for an
// account without a handle, a short form of its id; "A former member" once the
// account is deleted (the server then drops the attribution).
import type { BridgeEntry } from "@notes/client";

export function authorName(entry: Pick<BridgeEntry, "authorId" | "authorHandle">, ownId: string) {
  if (!entry.authorId) return "A former member";
  if (entry.authorId === ownId) return "You";
  return entry.authorHandle ?? `Member ${entry.authorId.slice(0, 8)}`;
}

/**
 * What the transmission's signature says of its author (issue 21, attack 4), beside the
 * name the server gave: empty when the signature names that very author; a warning when
 * it names someone else, does not match, or was removed from an author who signs (issue
 * 33, item 5: worded apart from a forgery, since the words may well be the author's); a
 * plain note when it is unsigned or unchecked.
 */
export function signatureNote(entry: Pick<BridgeEntry, "authorId" | "signature">): {
  text: string;
  warn: boolean;
} {
  const check = entry.signature;
  if (!check) return { text: "", warn: false };
  switch (check.status) {
    case "signed":
      if (check.signerId === entry.authorId)
        return { text: check.verified ? "✓ verified" : "signed", warn: false };
      return { text: "signed by someone other than the name shown", warn: true };
    case "invalid":
      return { text: "signature does not match", warn: true };
    case "stripped":
      return { text: "signature removed on the way: this author signs", warn: true };
    case "unsigned":
      return { text: "unsigned", warn: false };
    case "unknown-signer":
      return { text: "signature not checked yet", warn: false };
  }
}

/**
 * The warning a copy of an earlier transmission carries (issue 33, item 11): the server
 * served the same message again under a new place and time; it is not new.
 */
export function replayNote(entry: Pick<BridgeEntry, "replayOf">): string | undefined {
  if (entry.replayOf === undefined) return undefined;
  return `Served again by the server: a copy of #${entry.replayOf}, not a new transmission.`;
}

/** When the author sent it, by their clock (sealed and signed), else when the server says. */
export function sentTime(entry: Pick<BridgeEntry, "sentAt" | "createdAt">): string {
  return entry.sentAt ?? entry.createdAt;
}
