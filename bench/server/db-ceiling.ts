// The database alone, no HTTP: 10 connections (both servers' pool size) calling
// what one append costs in Postgres (`notes_append`, as the app calls it) back to
// back, and `notes_append_batch` as the queue calls it under load (BATCH appends a
// call), against the bare server's one INSERT, in the same run. The first figure over the bare server's HTTP
// throughput is the most any app layer could reach: it says how much of the append
// ratio is the database's work and how much the app's.
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import { startCpuSplit } from "./cpu-split";

export interface Ceiling {
  appendsPerSecond: number;
  insertsPerSecond: number;
  /** Postgres CPU per call, in µs (undefined where /proc cannot be read). */
  appendPostgresUs?: number;
  insertPostgresUs?: number;
  /** `notes_append_batch` with BATCH appends a call on one connection (the queue's shape under load). */
  batchedPerSecond: number;
  batchedPostgresUs?: number;
}

/** Appends a batch call: about what the queue gathers under the 50-connection load. */
export const BATCH = 25;

/** Both servers hold 10 connections; 50 backends cost Postgres ~35% more CPU per call (measured). */
const CONNECTIONS = 10;
/** Ceilings high enough that no refusal ends a loop early: the cost measured is the write. */
const NO_CEILING = 2n ** 40n;

async function loop(
  seconds: number,
  connections: number,
  one: (i: number) => Promise<unknown>,
  perCall = 1,
) {
  const split = startCpuSplit(process.pid);
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (performance.now() < deadline) {
        await one(i);
        done += perCall;
      }
    }),
  );
  return {
    perSecond: done / ((performance.now() - started) / 1000),
    postgresUs: split(done)?.postgresUs,
  };
}

/** Runs on the notes the self-hosted append load created (one per account). */
export async function databaseCeiling(url: string, seconds: number): Promise<Ceiling> {
  const sql = postgres(url, { max: CONNECTIONS, onnotice: () => undefined });
  try {
    const notes = await sql<{ id: string; owner_id: string }[]>`
      select id, owner_id from notes where not deleted order by id limit 50`;
    if (notes.length === 0) throw new Error("no notes to append to");
    const updates = [randomBytes(1024).toString("base64")];
    const update = JSON.stringify(updates);
    const appends = await loop(seconds, CONNECTIONS, (i) => {
      const note = notes[i % notes.length] as { id: string; owner_id: string };
      return sql`select out_seq from notes_append(
        ${note.id}::uuid, ${note.owner_id}::uuid, ${randomUUID()}::uuid,
        ${update}::text::jsonb, null::text,
        ${NO_CEILING.toString()}::bigint, ${NO_CEILING.toString()}::bigint,
        ${NO_CEILING.toString()}::bigint)`;
    });
    const batched = await loop(
      seconds,
      1,
      async () => {
        const jobs = notes.slice(0, BATCH).map((note) => ({
          note: note.id,
          account: note.owner_id,
          request: randomUUID(),
          updates,
          metadata: null,
        }));
        await sql`select ord from notes_append_batch(${JSON.stringify(jobs)}::text::jsonb,
        ${NO_CEILING.toString()}::bigint, ${NO_CEILING.toString()}::bigint,
        ${NO_CEILING.toString()}::bigint)`;
      },
      BATCH,
    );
    await sql`create table if not exists bench_bare (id bigserial primary key, data bytea not null)`;
    const data = randomBytes(1024);
    const inserts = await loop(
      seconds,
      CONNECTIONS,
      () => sql`insert into bench_bare (data) values (${data}) returning id`,
    );
    return {
      appendsPerSecond: appends.perSecond,
      insertsPerSecond: inserts.perSecond,
      appendPostgresUs: appends.postgresUs,
      batchedPerSecond: batched.perSecond,
      batchedPostgresUs: batched.postgresUs,
      insertPostgresUs: inserts.postgresUs,
    };
  } finally {
    await sql.end();
  }
}
