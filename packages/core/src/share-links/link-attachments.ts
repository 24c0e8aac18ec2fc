// The images a share link shows (issue 37; docs/client-crypto.md, "Share links"): the
// owner seals each image's file key into the link's content and names the attachment
// ids to the server, which then lets a reader without an account fetch exactly those
// attachments of the link's note through the link, with the link's access key, and
// only while the link serves (or for LINGER_SECONDS after the view that used it up).
// The server never sees a file key: the reader opens the metadata and chunks itself.
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import {
  type AttachmentRow,
  attachmentNotFound,
  findAttachment,
  storeOf,
} from "../attachments/attachment-record";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { toBase64 } from "../shared/base64";
import { enforce, refuseIfSpent } from "../shared/rate-limit";
import type { RequestMeta } from "../types";
import { linkGone, linkNotFound, linkState, readLink } from "./link-rows";

/** As many images as the content may carry (SHARE_LINK_MAX_IMAGES in @notes/crypto). */
export const MAX_LINK_ATTACHMENTS = 100;

/** What a reader needs of an image to fetch and open it: no wrapped key, no note id. */
export interface LinkAttachment {
  id: string;
  metadata: string;
  chunkSize: number;
  chunkCount: number;
  size: number;
}

/**
 * The ids, lower-case and distinct, when every one is an attachment of `noteId`;
 * attachment-not-found (404) for one of another note or none, as the note's own
 * attachment operations answer it.
 */
export async function requireNoteAttachments(
  q: Queryable,
  noteId: string,
  ids: readonly string[] | undefined,
): Promise<string[]> {
  const wanted = [...new Set((ids ?? []).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return [];
  const found = await rows<{ id: string }>(
    q,
    sql`select id from attachments
        where note_id = ${noteId} and id = any(${uuidArray(wanted)})`,
  );
  if (found.length !== wanted.length)
    throw attachmentNotFound("A link can show only attachments of its own note.");
  return wanted;
}

/**
 * The uploaded attachments among `ids` that the note still holds, in `ids`' order; one
 * removed from the note while a live link showed it is kept `detached` and still listed.
 */
export async function linkAttachments(
  q: Queryable,
  noteId: string,
  ids: readonly string[],
): Promise<LinkAttachment[]> {
  if (ids.length === 0) return [];
  const found = await rows<
    Pick<AttachmentRow, "id" | "metadata" | "chunk_size" | "chunk_count" | "size">
  >(
    q,
    sql`select id, metadata, chunk_size, chunk_count, size from attachments
        where note_id = ${noteId} and state <> 'uploading' and id = any(${uuidArray(ids)})`,
  );
  const byId = new Map(found.map((row) => [String(row.id).toLowerCase(), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            id,
            metadata: toBase64(row.metadata),
            chunkSize: row.chunk_size,
            chunkCount: row.chunk_count,
            size: Number(row.size),
          },
        ]
      : [];
  });
}

/**
 * One chunk of an image the link shows, for the link's access key. An ended link answers
 * its 410 (but a link used up by a view in the last LINGER_SECONDS still serves, so the
 * page of that view can show its images), a wrong key 403 link-access-refused (counted
 * with the open's wrong keys), an attachment the link does not name 404
 * attachment-not-found. Counts no view: the open that showed the page counted it.
 */
export async function readLinkChunk(
  core: Core,
  id: string,
  accessKey: Uint8Array,
  attachmentId: string,
  index: number,
  meta: RequestMeta,
): Promise<Uint8Array> {
  await enforce(core, `share-link-chunk:ip:${meta.ip}`, core.config.limits.shareLinkChunksPerIp);
  await enforce(core, `share-link-chunk:id:${id}`, core.config.limits.shareLinkChunksPerLink);
  const failures = `share-link:failures:${id}`;
  await refuseIfSpent(core, failures, core.config.limits.shareLinkFailuresPerLink);
  const link = await readLink(core.db, id);
  if (!link) throw linkNotFound();
  const state = linkState(link);
  const lingering = state === "used-up" && link.viewedLately && !link.expired;
  if (state !== "live" && !lingering) throw linkGone(state);
  const verifier = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(accessKey)));
  const [match] = await rows<{ id: string }>(
    core.db,
    sql`select id from share_links
        where id = ${id} and access_verifier = ${Buffer.from(verifier)}`,
  );
  if (!match) {
    await enforce(core, failures, core.config.limits.shareLinkFailuresPerLink);
    throw new DomainError("link-access-refused", "The link's key or password is not right.");
  }
  const wanted = attachmentId.toLowerCase();
  if (!link.attachmentIds.includes(wanted))
    throw attachmentNotFound("This link shows no such attachment.");
  const row = await findAttachment(core.db, link.noteId, wanted);
  if (row.state === "uploading") throw attachmentNotFound("This attachment is not uploaded.");
  const [chunk] = await rows<{ data: Uint8Array | null }>(
    core.db,
    sql`select data from attachment_chunks where attachment_id = ${wanted} and index = ${index}`,
  );
  if (!chunk) throw attachmentNotFound(`This attachment has no chunk ${index}.`);
  return storeOf(core, row.store).read({ attachmentId: wanted, index }, chunk.data);
}

// One text parameter split in SQL: PGlite and postgres.js bind it alike (a bound array
// parameter is typed differently by the two drivers). Ids are uuids by the API's schema;
// anything else fails the cast, as a 404 would say.
function uuidArray(ids: readonly string[]) {
  return sql`string_to_array(${ids.join(",")}, ',')::uuid[]`;
}
