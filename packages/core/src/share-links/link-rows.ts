// Share links as the server keeps them (issue 37; docs/client-crypto.md, "Share
// links"), and the one place that says whether a link still serves: live, or ended by
// its owner (revoked, also when the note was deleted), by its expiry or by its view
// limit. An ended link's content and keys are erased and its bytes leave the owner's
// usage (end-links.ts); the row stays so the owner's list can say how it ended.
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { DomainError } from "../errors";
import { toBase64 } from "../shared/base64";

export type LinkMode = "snapshot" | "follow";
export type LinkState = "live" | "expired" | "used-up" | "revoked";

/** A free account's live links at once (README, "Share links"); premium has no count limit. */
export const FREE_SHARE_LINKS = 10;

export interface LinkRow {
  id: string;
  noteId: string;
  ownerId: string;
  mode: LinkMode;
  sealed: Uint8Array | null;
  signature: Uint8Array | null;
  ownerKeys: Uint8Array | null;
  passwordRequired: boolean;
  kdfIterations: number | null;
  expiresAt: Date | null;
  maxViews: number | null;
  views: number;
  bytes: number;
  createdAt: Date;
  sealedAt: Date;
  revokedAt: Date | null;
  /** Whether the expiry has passed, by the database's clock. */
  expired: boolean;
  /** The attachments of the note a reader may fetch through the link (lower-case ids). */
  attachmentIds: string[];
  /** Whether the last view was within LINGER_SECONDS, by the database's clock. */
  viewedLately: boolean;
}

/**
 * How long after a view a link it used up still serves its images' chunks: the page
 * that made the last allowed view fetches them after it, and must be able to show them.
 */
export const LINGER_SECONDS = 600;

/** What the owner's list shows of a link. */
export interface LinkView {
  id: string;
  noteId: string;
  mode: LinkMode;
  state: LinkState;
  passwordRequired: boolean;
  createdAt: string;
  sealedAt: string;
  expiresAt?: string;
  revokedAt?: string;
  maxViews?: number;
  views: number;
  bytes: number;
  /** The owner's wrapped keys, while the link is live (to show the link again, or re-seal). */
  ownerKeys?: string;
}

export const LINK_COLUMNS = sql`l.id, l.note_id, l.owner_id, l.mode, l.sealed, l.signature,
  l.owner_keys, l.password_required, l.kdf_iterations, l.expires_at, l.max_views, l.views,
  l.bytes, l.created_at, l.sealed_at, l.revoked_at, l.attachment_ids,
  (l.expires_at is not null and l.expires_at <= now()) as expired,
  (l.last_viewed_at is not null and l.last_viewed_at > now() - ${LINGER_SECONDS}::int * interval '1 second') as viewed_lately`;

export function toLinkRow(r: Record<string, unknown>): LinkRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: String(r.id),
    noteId: String(r.note_id),
    ownerId: String(r.owner_id),
    mode: r.mode as LinkMode,
    sealed: (r.sealed as Uint8Array | null) ?? null,
    signature: (r.signature as Uint8Array | null) ?? null,
    ownerKeys: (r.owner_keys as Uint8Array | null) ?? null,
    passwordRequired: Boolean(r.password_required),
    kdfIterations: r.kdf_iterations === null ? null : Number(r.kdf_iterations),
    expiresAt: date(r.expires_at),
    maxViews: r.max_views === null ? null : Number(r.max_views),
    views: Number(r.views),
    bytes: Number(r.bytes),
    createdAt: date(r.created_at) ?? new Date(0),
    sealedAt: date(r.sealed_at) ?? new Date(0),
    revokedAt: date(r.revoked_at),
    expired: Boolean(r.expired),
    attachmentIds: uuidList(r.attachment_ids),
    viewedLately: Boolean(r.viewed_lately),
  };
}

// postgres.js and PGlite answer a uuid[] as an array; a driver that answers the text form
// ("{a,b}") is read too.
function uuidList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((id) => String(id).toLowerCase());
  if (typeof value === "string" && value.length > 2)
    return value
      .slice(1, -1)
      .split(",")
      .map((id) => id.toLowerCase());
  return [];
}

export async function readLink(
  db: Queryable,
  id: string,
  lock = false,
): Promise<LinkRow | undefined> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`select ${LINK_COLUMNS} from share_links l where l.id = ${id}
        ${lock ? sql`for update` : sql``}`,
  );
  return row ? toLinkRow(row) : undefined;
}

export function linkState(link: LinkRow): LinkState {
  if (link.revokedAt) return "revoked";
  if (link.maxViews !== null && link.views >= link.maxViews) return "used-up";
  if (link.expired) return "expired";
  return "live";
}

export function toLinkView(link: LinkRow): LinkView {
  const state = linkState(link);
  return {
    id: link.id,
    noteId: link.noteId,
    mode: link.mode,
    state,
    passwordRequired: link.passwordRequired,
    createdAt: link.createdAt.toISOString(),
    sealedAt: link.sealedAt.toISOString(),
    ...(link.expiresAt && { expiresAt: link.expiresAt.toISOString() }),
    ...(link.revokedAt && { revokedAt: link.revokedAt.toISOString() }),
    ...(link.maxViews !== null && { maxViews: link.maxViews }),
    views: link.views,
    bytes: link.bytes,
    ...(state === "live" && link.ownerKeys && { ownerKeys: toBase64(link.ownerKeys) }),
  };
}

export const linkNotFound = () =>
  new DomainError("link-not-found", "No such share link (or not the caller's).");

/** The 410 an ended link answers, named after how it ended. */
export function linkGone(state: Exclude<LinkState, "live">): DomainError {
  switch (state) {
    case "expired":
      return new DomainError("link-expired", "The share link has expired.");
    case "used-up":
      return new DomainError("link-used-up", "The share link's views are used up.");
    case "revoked":
      return new DomainError("link-revoked", "The share link was revoked by its owner.");
  }
}
