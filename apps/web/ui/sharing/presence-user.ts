// How this person appears to others in a live room: their handle (or "Someone") and
// a colour of their own, the same on every device and in every note (derived from
// the account id), dark enough for white label text (WCAG AA contrast).
import type { Account } from "@notes/client";

export interface PresenceUser {
  name: string;
  /** #rrggbb: y-tiptap's cursor plugin accepts only six-digit colours. */
  color: string;
}

/** Each has at least 4.5:1 contrast against white text. */
export const CURSOR_COLORS = [
  "#b42318",
  "#1d4ed8",
  "#047857",
  "#7e22ce",
  "#9a3412",
  "#be185d",
  "#0e7490",
  "#4d7c0f",
] as const;

export function presenceUser(account: Pick<Account, "id" | "handle"> | undefined): PresenceUser {
  const name = account?.handle ?? "Someone";
  let hash = 0;
  for (const char of account?.id ?? name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { name, color: CURSOR_COLORS[hash % CURSOR_COLORS.length] ?? CURSOR_COLORS[0] };
}
