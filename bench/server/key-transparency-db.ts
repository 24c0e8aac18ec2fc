// BENCH_KT_DB=1 pnpm bench:kt (or this file alone) — the epoch job as the server runs it
// (packages/core runEpoch: VRF, bindings written, tree, log root, signed head, in one
// transaction on the database), at BENCH_KT_ACCOUNTS accounts (default 100,000) on a fresh
// embedded database (BENCH_DATABASE_URL: a Postgres to use instead; it is written to).
// Two epochs: the backfill (every account logged at once, as the migration enqueues them)
// and a steady one (BENCH_KT_CHANGES accounts publish a signing key).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Core, runEpoch } from "@notes/core";
import { openDatabase } from "@notes/db";
import { sql } from "drizzle-orm";

const N = Number(process.env.BENCH_KT_ACCOUNTS ?? 100_000);
const CHANGES = Number(process.env.BENCH_KT_CHANGES ?? 1_000);
const root = path.resolve(import.meta.dirname, "..", "..");

export async function benchEpochJob() {
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    dataDir: mkdtempSync(path.join(tmpdir(), "bench-kt-")),
    migrationsFolder: path.join(root, "drizzle"),
    poolSize: 4,
  });
  const quiet = { info() {}, warn() {}, error() {} };
  const core = {
    db: database.db,
    log: quiet,
    config: {
      serverSecret: "bench-server-secret-0123456789abcdefghij",
      keyTransparency: { epochMs: 60_000, witnessKeys: [], quorum: 0 },
    },
  } as unknown as Core;
  // Accounts with a sharing key each (32 pseudo-random bytes from md5), all enqueued.
  let t0 = performance.now();
  for (let from = 1; from <= N; from += 50_000) {
    const to = Math.min(N, from + 49_999);
    await database.db.execute(sql`
      insert into accounts (id, handle, hash_salt, auth_hash, recovery_hash, kdf_iterations,
                            kdf_salt, wrapped_master_key, recovery_wrapped_master_key, public_key)
      select gen_random_uuid(), 'kt' || i, '\\x00', '\\x00', '\\x00', 600000, '\\x00', '\\x00', '\\x00',
             decode(md5(i::text) || md5((i + 1)::text), 'hex')
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  await database.db.execute(sql`insert into kt_pending (account_id) select id from accounts`);
  const seedSeconds = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const backfill = await runEpoch(core, { force: true });
  const backfillSeconds = (performance.now() - t0) / 1000;
  await database.db.execute(sql`
    with changed as (select id from accounts order by id limit ${CHANGES})
    update accounts set signing_public_key = decode(md5(id::text) || md5(handle), 'hex')
    where id in (select id from changed)`);
  await database.db.execute(sql`
    insert into kt_pending (account_id) select id from accounts where signing_public_key is not null`);
  t0 = performance.now();
  const steady = await runEpoch(core, { force: true });
  const steadyMs = performance.now() - t0;
  await database.close();
  return {
    database: process.env.BENCH_DATABASE_URL ? "postgres" : "embedded",
    accounts: N,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    backfillEpoch: { logged: backfill?.logged, seconds: Number(backfillSeconds.toFixed(1)) },
    steadyEpoch: { logged: steady?.logged, ms: Math.round(steadyMs) },
  };
}

if (import.meta.filename === process.argv[1])
  console.log(JSON.stringify(await benchEpochJob(), null, 2));
