// The words of the sync status (issue 33, item 13): one short phrase for where the data
// stands, and, while notes could not be opened or were set aside, that, never "All
// changes synced"; then why, in plain words, one line per reason. And why a note was
// set aside in the Trash ("Removed by the server — not confirmed by the owner").
import type { ConnectionState, UnconfirmedReason } from "@notes/client";
import type { NoteWarning, VaultState } from "../../vault/vault-state";
import { plural } from "../wording";

export type StatusInput = Pick<VaultState, "online" | "pending" | "unsaved" | "sync"> &
  Pick<VaultState, "noteWarnings" | "setAside">;

export function syncStatusText(state: StatusInput): string {
  const { online, pending, unsaved, sync } = state;
  if (!online && unsaved) return "Offline — saving here…";
  if (!online) return pending > 0 ? `Offline — ${plural(pending, "change")} saved here` : "Offline";
  if (sync.running && !sync.firstDone)
    return `First sync… ${plural(sync.applied, "note change")} received`;
  if (pending > 0 || unsaved) return "Saving…";
  const warnings = state.noteWarnings?.length ?? 0;
  if (warnings > 0) return `${plural(warnings, "note")} could not be opened`;
  const aside = state.setAside?.length ?? 0;
  if (aside > 0) return `${plural(aside, "note")} removed by the server, not confirmed — see Trash`;
  return "All changes synced";
}

const FEED_TEXT: Record<ConnectionState, string> = {
  live: "Live",
  connecting: "Connecting…",
  offline: "Reconnecting…",
  closed: "Not live",
};

/**
 * Beside the status, whether changes arrive live; nothing while the browser is offline
 * (the status says "Offline"; the feed's socket can take a while to notice, and
 * "Offline" beside "Live" contradicted itself, issue 38).
 */
export function feedText(feed: ConnectionState, online: boolean): string | undefined {
  return online ? FEED_TEXT[feed] : undefined;
}

const WHY: Record<NoteWarning["reason"], string> = {
  key: "the key the server sent for your account does not open it",
  metadata: "its title and tags do not open (swapped or damaged on the server)",
  content: "its content is sealed under a key this device does not have yet",
  malformed: "the server's copy is incomplete or damaged",
  "older-copy": "the server sent an older copy than this device has already seen",
  "key-refused":
    "the server sent a new key for it that its owner did not hand to you; this device keeps writing under the key it had, which the server cannot read",
  "role-refused":
    "the server says your role on it changed, but its owner's signed list of members does not say so; this device keeps the role the owner gave you",
};

/** One line per reason: how many notes, and why; what this device kept. */
export function warningLines(warnings: readonly NoteWarning[]): string[] {
  const byReason = new Map<NoteWarning["reason"], NoteWarning[]>();
  for (const w of warnings) byReason.set(w.reason, [...(byReason.get(w.reason) ?? []), w]);
  return [...byReason].map(([reason, notes]) => {
    const titles = notes.flatMap((n) => (n.title?.trim() ? [`“${n.title.trim()}”`] : []));
    const which = titles.length > 0 ? ` (${titles.join(", ")})` : "";
    const kept = titles.length > 0 ? "; this device keeps what it had" : "";
    return `${plural(notes.length, "note")}${which}: ${WHY[reason]}${kept}.`;
  });
}

const ASIDE: Record<UnconfirmedReason, string> = {
  unsigned:
    "The server says it was deleted, or that you were removed from it, but the owner did not sign that.",
  "invalid-signature": "The owner's signature on its deletion does not check out.",
  "not-the-owner": "Its deletion was signed by someone who is not its owner.",
  "unknown-owner": "This device cannot check its owner's signature on the deletion yet.",
  "older-than-seen":
    "Its deletion was signed for an older version than this device has seen (an old signature sent again).",
};

/** Why a note was set aside, in plain words. */
export function setAsideReason(reason: UnconfirmedReason): string {
  return ASIDE[reason];
}
