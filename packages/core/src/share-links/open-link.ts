// What a reader without an account asks of a link (no session): whether it still
// serves and needs a password (the probe), and its content for the right access key
// (the open, which counts a view). The reader derives the access key from the URL's
// fragment (and the password); the server holds only its SHA-256 and answers 403
// link-access-refused to anything else, before serving a byte or counting a view, so a
// wrong password neither reveals how close it was nor uses the link up. Both are
// limited per link and per address, and wrong keys per link, so a password cannot be
// guessed online. An ended link answers 410 with the slug of how it ended.
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { toBase64 } from "../shared/base64";
import { enforce, refuseIfSpent } from "../shared/rate-limit";
import type { RequestMeta } from "../types";
import { endLinks } from "./end-links";
import { type LinkAttachment, linkAttachments } from "./link-attachments";
import { linkGone, linkNotFound, linkState, readLink } from "./link-rows";

export interface LinkProbe {
  id: string;
  passwordRequired: boolean;
  kdfIterations?: number;
  expiresAt?: string;
}

export interface OpenedLink {
  id: string;
  sealed: string;
  signature: string;
  sealedAt: string;
  owner: { id: string; handle?: string; signingPublicKey?: string };
  views: number;
  maxViews?: number;
  expiresAt?: string;
  /** The images the link shows that the note still holds (their keys are in `sealed`). */
  attachments: LinkAttachment[];
}

async function limitReads(core: Core, id: string, meta: RequestMeta) {
  await enforce(core, `share-link:ip:${meta.ip}`, core.config.limits.shareLinkPerIp);
  await enforce(core, `share-link:id:${id}`, core.config.limits.shareLinkPerLink);
}

export async function probeShareLink(
  core: Core,
  id: string,
  meta: RequestMeta,
): Promise<LinkProbe> {
  await limitReads(core, id, meta);
  const link = await readLink(core.db, id);
  if (!link) throw linkNotFound();
  const state = linkState(link);
  if (state !== "live") throw linkGone(state);
  return {
    id: link.id,
    passwordRequired: link.passwordRequired,
    ...(link.kdfIterations !== null && { kdfIterations: link.kdfIterations }),
    ...(link.expiresAt && { expiresAt: link.expiresAt.toISOString() }),
  };
}

export async function openShareLink(
  core: Core,
  id: string,
  accessKey: Uint8Array,
  meta: RequestMeta,
): Promise<OpenedLink> {
  await limitReads(core, id, meta);
  const failures = `share-link:failures:${id}`;
  await refuseIfSpent(core, failures, core.config.limits.shareLinkFailuresPerLink);
  const verifier = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(accessKey)));
  const opened = await core.db.transaction(async (tx) => {
    const link = await readLink(tx, id, true);
    if (!link) throw linkNotFound();
    const state = linkState(link);
    if (state !== "live" || !link.sealed || !link.signature) {
      if (state !== "live") await endLinks(tx, sql`id = ${id}`, false);
      throw linkGone(state === "live" ? "revoked" : state);
    }
    // Compared in the database as bytes: what leaks by timing is at most a prefix of a
    // SHA-256, which brings no one closer to the key it hashes.
    const [row] = await rows<{
      views: number;
      handle: string | null;
      signing_public_key: Uint8Array | null;
    }>(
      tx,
      sql`with counted as (
            update share_links set views = views + 1, last_viewed_at = now()
            where id = ${id} and access_verifier = ${Buffer.from(verifier)}
            returning views, owner_id
          )
          select c.views, a.handle, a.signing_public_key
          from counted c join accounts a on a.id = c.owner_id`,
    );
    if (!row) return undefined;
    const views = Number(row.views);
    const result: OpenedLink = {
      id: link.id,
      sealed: toBase64(link.sealed),
      signature: toBase64(link.signature),
      sealedAt: link.sealedAt.toISOString(),
      owner: {
        id: link.ownerId,
        ...(row.handle && { handle: row.handle }),
        ...(row.signing_public_key && { signingPublicKey: toBase64(row.signing_public_key) }),
      },
      views,
      ...(link.maxViews !== null && { maxViews: link.maxViews }),
      ...(link.expiresAt && { expiresAt: link.expiresAt.toISOString() }),
      attachments: await linkAttachments(tx, link.noteId, link.attachmentIds),
    };
    // The last allowed view is served, and the content goes with it.
    if (link.maxViews !== null && views >= link.maxViews)
      await endLinks(tx, sql`id = ${id}`, false);
    return result;
  });
  if (opened) return opened;
  await enforce(core, failures, core.config.limits.shareLinkFailuresPerLink);
  throw new DomainError("link-access-refused", "The link's key or password is not right.");
}
