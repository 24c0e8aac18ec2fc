// Delta sync (contract.md §5): the caller's changed notes after a cursor, ordered
// by seq, never past the stable watermark (see change-seq.ts), cut at pageSize
// notes or 4 MiB of ciphertext (never below one note). A full sync may instead walk
// newest first (`order: "newest"`): down from the watermark of its first page, so
// the note written last comes on the first page; whatever changes meanwhile rises
// above that watermark and comes with the next delta sync, which starts there.
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import type { Caller } from "../types";
import { stableWatermark } from "./change-seq";
import { type NoteState, selectNoteRows, selectUpdates, toNoteState } from "./note-state";
import { type Cursor, decodeCursor, encodeCursor } from "./page-token";

export const PAGE_BYTES = 4 * 1024 * 1024;

export interface ChangesQuery {
  pageToken?: string | undefined;
  pageSize: number;
  snapshots?: boolean | undefined;
  /** A full sync only (no pageToken): "newest" walks from the newest change down. */
  order?: "seq" | "newest" | undefined;
}

export interface ChangesPage {
  changes: NoteState[];
  nextPageToken: string;
  nextSyncToken?: string;
}

export async function listChanges(
  core: Core,
  caller: Caller,
  query: ChangesQuery,
): Promise<ChangesPage> {
  const secret = core.config.serverSecret;
  const watermark = await stableWatermark(core);
  const cursor: Cursor = query.pageToken
    ? decodeCursor(secret, caller.accountId, query.pageToken)
    : query.order === "newest"
      ? { seq: watermark + 1, fullSync: true, newestFrom: watermark }
      : { seq: 0, fullSync: true };
  const withSnapshots = query.snapshots ?? cursor.fullSync;
  const newest = cursor.newestFrom;
  return core.db.transaction(
    async (tx) => {
      const found = await selectNoteRows(
        tx,
        caller.accountId,
        newest === undefined
          ? sql`m.seq > ${cursor.seq} and m.seq <= ${watermark}`
          : sql`m.seq < ${cursor.seq}`,
        withSnapshots,
        query.pageSize + 1,
        newest === undefined ? "ascending" : "descending",
      );
      const more = found.length > query.pageSize;
      const candidates = found.slice(0, query.pageSize);
      const updates = await selectUpdates(
        tx,
        candidates.filter((r) => !r.deleted && r.role !== "revoked").map((r) => r.id),
      );
      const changes: NoteState[] = [];
      let bytes = 0;
      for (const row of candidates) {
        const state = toNoteState(row, updates.get(row.id) ?? []);
        // Ciphertext only: signature blocks ride along uncounted (note-state.ts).
        const size =
          (row.snapshot?.byteLength ?? 0) +
          (row.metadata?.byteLength ?? 0) +
          (updates.get(row.id) ?? []).reduce((s, u) => s + u.data.byteLength, 0);
        if (changes.length > 0 && bytes + size > PAGE_BYTES) break;
        changes.push(state);
        bytes += size;
      }
      const cut = changes.length < candidates.length;
      if (more || cut) {
        const last = changes[changes.length - 1]?.seq ?? cursor.seq;
        return {
          changes,
          nextPageToken: encodeCursor(secret, caller.accountId, {
            seq: last,
            fullSync: cursor.fullSync,
            newestFrom: newest,
          }),
        };
      }
      return {
        changes,
        nextPageToken: "",
        nextSyncToken: encodeCursor(secret, caller.accountId, {
          seq: newest ?? Math.max(watermark, cursor.seq),
          fullSync: false,
        }),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
