// How one tab stores its list snapshot (list-snapshot.ts) in a database other tabs of
// the same browser write to. What a snapshot says it covers is a time: every note cached
// before it has its row in the snapshot, so a reload reads only the notes cached after.
// A tab knows the notes it cached and read; another tab's (a note made there, offline,
// or not yet echoed here by the server) it may not. So:
// - a save never says it covers a cached note it does not list: what it covers stops
//   before the earliest such note (notes set aside on purpose excepted), and a reload
//   reads that note from the cache;
// - "the snapshot stored covers more now" is said only of this tab's own snapshot:
//   another tab's may lack what this one lists. The tag stored with a snapshot says
//   whose it is; it is checked in the transaction that writes the new time.
import { LIST_COVERS_KEY, putMeta, snapshotEntries } from "./list-snapshot";
import type { LocalDb } from "./local-db";

/** Beside the snapshot: which tab's saver stored it, and its how-manyth save. */
export const LIST_TAG_KEY = "listSnapshotTag";

/** The snapshot's parts a saver stores: a row's id is all it reads. */
export type SavedRow = { id: string };

/** A save's or a covers' time, brought back before any cached note not in `listed`. */
export async function boundedCovers(
  db: LocalDb,
  listed: ReadonlySet<string>,
  covers: number,
): Promise<number> {
  const unlisted = ((await db.getAllKeys("notes")) as string[]).filter((id) => !listed.has(id));
  if (unlisted.length === 0) return covers;
  const tx = db.transaction("notes", "readonly");
  const cached = await Promise.all(unlisted.map((id) => tx.store.get(id)));
  let bound = covers;
  // A copy without a time (older caches) is older than any: it is read again.
  for (const note of cached) if (note) bound = Math.min(bound, note.cachedAt ?? 0);
  return bound;
}

export class ListSaver {
  private readonly id = crypto.randomUUID();
  private saves = 0;
  /** The tag stored with this saver's last snapshot: its id and the save's number. */
  private tag: string | undefined;
  /** The ids the snapshot this saver stored last lists (or keeps out on purpose). */
  private listed: ReadonlySet<string> | undefined;

  constructor(private readonly db: LocalDb | Promise<LocalDb>) {}

  /**
   * Seals and stores `notes` (sealed under `key`) with what they cover, in one
   * transaction. `unlisted`: the cached notes kept out of the list on purpose (set
   * aside), which do not hold the time back.
   */
  async save(
    key: Uint8Array,
    notes: readonly SavedRow[],
    covers: number,
    unlisted: Iterable<string> = [],
  ): Promise<void> {
    const db = await this.db;
    const listed = new Set(unlisted);
    for (const row of notes) listed.add(row.id);
    const bound = await boundedCovers(db, listed, covers);
    const tag = `${this.id}:${++this.saves}`;
    await putMeta(db, [...(await snapshotEntries(key, notes, bound)), [LIST_TAG_KEY, tag]]);
    this.tag = tag;
    this.listed = listed;
  }

  /**
   * The snapshot this saver stored last covers the cache up to `covers` (its rows still
   * stand): stored only while it is the snapshot stored. Answers whether it was.
   */
  async cover(covers: number): Promise<boolean> {
    if (!this.listed || !this.tag) return false;
    const db = await this.db;
    const bound = await boundedCovers(db, this.listed, covers);
    const tx = db.transaction("meta", "readwrite");
    const ours = (await tx.store.get(LIST_TAG_KEY)) === this.tag;
    if (ours) await tx.store.put(String(bound), LIST_COVERS_KEY);
    await tx.done;
    return ours;
  }
}
