// Collecting abandoned uploads (issue 36) against a real database: PGlite by default,
// Postgres when DATABASE_URL is set (a database of its own). An upload idle past the
// age goes with its chunks and gives its bytes back; a recent upload, a finished file
// and a detached one stay. The chunk store hears which attachments to let go of.
import { randomUUID } from "node:crypto";
import { rows } from "@notes/db";
import { openScratchDatabase, type ScratchDatabase } from "@notes/db/scratch";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core";
import type { Log } from "../types";
import { type ChunkStore, postgresChunkStore } from "./chunk-store";
import { collectAbandonedUploads } from "./collect-uploads";

let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await openScratchDatabase("notes_collect_uploads", process.env.DATABASE_URL);
}, 120_000);
afterAll(async () => {
  await scratch?.close();
});

const log: Log = { info() {}, warn() {}, error() {} };

function coreWith(store: ChunkStore): Core {
  return { db: scratch.database.db, log, config: {}, chunkStore: store } as Core;
}

async function account(bytes: number): Promise<string> {
  const id = randomUUID();
  await scratch.database.db.execute(sql`insert into accounts (id, hash_salt, auth_hash, recovery_hash,
      kdf_iterations, kdf_salt, wrapped_master_key, recovery_wrapped_master_key, account_bytes)
    values (${id}, '\\x00', '\\x00', '\\x00', 1, '\\x00', '\\x00', '\\x00', ${bytes})`);
  return id;
}

async function attachment(
  noteId: string,
  ownerId: string,
  state: string,
  idleSeconds: number,
  store = "postgres",
): Promise<string> {
  const id = randomUUID();
  await scratch.database.db.execute(sql`insert into attachments
      (id, note_id, owner_id, wrapped_key, metadata, chunk_size, chunk_count, size, bytes, state,
       store, touched_at, completed_at)
    values (${id}, ${noteId}, ${ownerId}, '\\x00', '\\x00', 10, 2, 20, 100, ${state}, ${store},
            now() - make_interval(secs => ${idleSeconds}),
            ${state === "uploading" ? sql`null` : sql`now()`})`);
  await scratch.database.db.execute(sql`insert into attachment_chunks (attachment_id, index, bytes, data)
    values (${id}, 0, 10, '\\x01')`);
  return id;
}

const usage = async (id: string) =>
  Number(
    (
      await rows<{ account_bytes: string }>(
        scratch.database.db,
        sql`select account_bytes from accounts where id = ${id}`,
      )
    )[0]?.account_bytes,
  );

describe("collecting abandoned uploads", () => {
  it("deletes uploads idle past the age with their chunks, and gives their bytes back", async () => {
    const owner = await account(500);
    const noteId = randomUUID();
    await scratch.database.db.execute(
      sql`insert into notes (id, owner_id, bytes) values (${noteId}, ${owner}, 0)`,
    );
    const forgotten: string[] = [];
    const store: ChunkStore = {
      ...postgresChunkStore,
      forget: async (gone) => {
        forgotten.push(...gone.map((g) => g.id));
      },
    };
    const stale = await attachment(noteId, owner, "uploading", 7200);
    const elsewhere = await attachment(noteId, owner, "uploading", 7200, "s3");
    const recent = await attachment(noteId, owner, "uploading", 10);
    const finished = await attachment(noteId, owner, "complete", 7200);
    const detached = await attachment(noteId, owner, "detached", 7200);

    const core = { ...coreWith(store), chunkStore: { ...store, name: "s3" as const } };
    expect(await collectAbandonedUploads(core, 3600)).toBe(2);
    const left = await rows<{ id: string }>(
      scratch.database.db,
      sql`select id from attachments where note_id = ${noteId} order by id`,
    );
    expect(left.map((r) => r.id).sort()).toEqual([recent, finished, detached].sort());
    const chunks = await rows<{ n: number }>(
      scratch.database.db,
      sql`select count(*)::int as n from attachment_chunks where attachment_id in (${stale}, ${elsewhere})`,
    );
    expect(chunks[0]?.n).toBe(0);
    expect(await usage(owner)).toBe(300);
    // Only what an object store holds is handed to it to forget.
    expect(forgotten).toEqual([elsewhere]);
    expect(await collectAbandonedUploads(core, 3600)).toBe(0);
  });
});
