// Collects abandoned uploads (issue 36): an upload untouched for longer than the
// collection age (CoreConfig.attachmentUploadTtlSeconds, 24 hours by default) is
// deleted, chunks and all, and its bytes go back to the owner's usage. Called by
// every new upload, a bounded batch at a time; rows taken by another collector are
// skipped, never waited for.
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { chargeStorage } from "../notes/storage";
import { forgetChunks } from "./attachment-record";

export const DEFAULT_UPLOAD_TTL_SECONDS = 24 * 60 * 60;
const BATCH = 50;

/** Answers how many uploads were collected. */
export async function collectAbandonedUploads(
  core: Core,
  olderThanSeconds = core.config.attachmentUploadTtlSeconds ?? DEFAULT_UPLOAD_TTL_SECONDS,
): Promise<number> {
  const gone = await core.db.transaction(async (tx) => {
    const dropped = await rows<{
      id: string;
      owner_id: string;
      bytes: string | number;
      chunk_count: number;
      store: "postgres" | "s3";
    }>(
      tx,
      sql`delete from attachments where id in (
            select id from attachments
            where state = 'uploading'
              and touched_at < now() - make_interval(secs => ${olderThanSeconds}::double precision)
            order by touched_at limit ${BATCH} for update skip locked)
          returning id, owner_id, bytes, chunk_count, store`,
    );
    const byOwner = new Map<string, number>();
    for (const d of dropped)
      byOwner.set(d.owner_id, (byOwner.get(d.owner_id) ?? 0) + Number(d.bytes));
    for (const [owner, bytes] of [...byOwner].sort(([a], [b]) => a.localeCompare(b)))
      await chargeStorage(tx, owner, -bytes);
    return dropped.map((d) => ({ id: d.id, chunkCount: d.chunk_count, store: d.store }));
  });
  await forgetChunks(core, gone);
  return gone.length;
}
