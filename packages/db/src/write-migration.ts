// Adds a hand-written migration to drizzle/ as `drizzle-kit generate --custom` would:
// NNNN_name.sql, a snapshot, and a journal entry. SQL functions are not part of
// drizzle's snapshots, so the snapshot is the previous one under a new id.
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}

const number = (idx: number) => String(idx).padStart(4, "0");

/** Names as drizzle-kit writes them: `0021_<name>.sql`. */
export const isMigrationName = (name: string) => /^[a-z0-9_]+$/.test(name);

/** Writes `sql` as the next migration of `folder` and returns its tag (`0021_name`). */
export function writeMigration(folder: string, name: string, sql: string): string {
  if (!isMigrationName(name)) {
    throw new Error(`A migration's name takes lower-case letters, digits and _ only: ${name}`);
  }
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as Journal;
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`${journalPath} has no migration to follow`);
  const idx = last.idx + 1;
  const tag = `${number(idx)}_${name}`;
  const snapshotPath = (i: number) => path.join(folder, "meta", `${number(i)}_snapshot.json`);
  const previous = JSON.parse(readFileSync(snapshotPath(last.idx), "utf8")) as { id: string };

  writeFileSync(path.join(folder, `${tag}.sql`), sql, { flag: "wx" });
  writeFileSync(
    snapshotPath(idx),
    JSON.stringify({ ...previous, id: randomUUID(), prevId: previous.id }, null, 2),
    { flag: "wx" },
  );
  // drizzle applies a migration only if its `when` is later than the last applied
  // one's, so it follows the last entry by a millisecond (as the latest entries do)
  // rather than trusting the clock.
  journal.entries.push({
    idx,
    version: last.version,
    when: last.when + 1,
    tag,
    breakpoints: last.breakpoints,
  });
  writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
  return tag;
}
