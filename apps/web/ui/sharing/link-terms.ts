// The choices "Create a link" offers and how a link's terms read in the list.
import type { ListedShareLink } from "@notes/client";
import { plural } from "../wording";

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Expiry choices (1 hour to 30 days, or none), in seconds; "" is never. */
export const EXPIRY_CHOICES: readonly { label: string; seconds: number | "" }[] = [
  { label: "1 hour", seconds: HOUR },
  { label: "1 day", seconds: DAY },
  { label: "7 days", seconds: 7 * DAY },
  { label: "30 days", seconds: 30 * DAY },
  { label: "Never", seconds: "" },
];

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "Opened 2 of 5 times · expires 3 Dec 2026, 10:00 · password" and how it ended. */
export function linkSummary(link: ListedShareLink): string {
  const views =
    link.maxViews === undefined
      ? `Opened ${plural(link.views, "time")}`
      : `Opened ${link.views} of ${plural(link.maxViews, "time")}`;
  const parts = [views];
  if (link.state === "live")
    parts.push(link.expiresAt ? `expires ${when(link.expiresAt)}` : "never expires");
  if (link.state === "expired") parts.push("expired");
  if (link.state === "used-up") parts.push("used up");
  if (link.state === "revoked") parts.push("revoked");
  if (link.passwordRequired) parts.push("password");
  parts.push(link.mode === "follow" ? "follows edits" : "snapshot");
  return parts.join(" · ");
}

export const madeOn = (link: ListedShareLink) => `Made ${when(link.createdAt)}`;
