// Says, at start, when the Postgres it opened runs without autovacuum. Every append
// moves its note's member rows' `seq` (the change feed's index holds it, so the update
// is never HOT): each leaves a dead row version and index entries behind, which only
// VACUUM takes away. Without autovacuum they pile up, and a sustained write load gets
// slower minute by minute: measured with `BENCH_MODES=append pnpm bench`, Postgres's
// CPU per append went 187, 319, 467, 511 µs over four 10 s rounds with it off, and
// stayed at 132–155 µs with it on (BENCHMARKS.md, issue 39).
import { sql } from "drizzle-orm";
import { type Queryable, rows } from "./database";

export const AUTOVACUUM_OFF_MESSAGE =
  "Postgres runs with autovacuum = off: every append leaves a dead row version in note_members that only VACUUM removes, so writes slow down under a sustained load. Turn autovacuum on (the default), or VACUUM note_members, notes and accounts regularly.";

/** The warning for this database's settings, or undefined when autovacuum runs. */
export async function autovacuumWarning(db: Queryable): Promise<string | undefined> {
  const [row] = await rows<{ autovacuum: string }>(
    db,
    sql`select current_setting('autovacuum') as autovacuum`,
  );
  return row?.autovacuum === "off" ? AUTOVACUUM_OFF_MESSAGE : undefined;
}
