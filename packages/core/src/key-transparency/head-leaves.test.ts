// Note heads in the log (issue 33, item 12) against a real (embedded, or DATABASE_URL's)
// database: creating a note, appending to it, compacting it and writing its metadata each
// enqueue it in the writing transaction (the trigger of migration 0032), the next epoch
// logs its head once, with a proof that verifies to the digests a client records; a note
// a writer holds while the epoch closes stays pending for the next one (Postgres only:
// the embedded database has one connection).
import { openScratchDatabase, type ScratchDatabase } from "@notes/db/scratch";
import {
  envelopeDigest,
  type NoteHead,
  parseHead,
  parseNoteHeadProof,
  toBase64,
  verifyNoteHeadLookup,
} from "@notes/keytrans";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core";
import { findNoteHeadProof } from "./head-proof";
import { publishedHead } from "./read";
import { runEpoch } from "./run-epoch";

let scratch: ScratchDatabase;
const quiet = { info() {}, warn() {}, error() {} };
const core = () =>
  ({
    db: scratch.database.db,
    log: quiet,
    config: {
      serverSecret: "kt-test-secret-0123456789abcdefghijklmnop",
      keyTransparency: { epochMs: 60_000, witnessKeys: [], quorum: 0 },
    },
  }) as unknown as Core;
const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);
const run = (query: ReturnType<typeof sql>) => scratch.database.db.execute(query);

// Opening an embedded database runs every migration: ~5 s, over 10 s on a loaded machine.
beforeAll(async () => {
  scratch = await openScratchDatabase("notes_kt_heads", process.env.DATABASE_URL || undefined);
}, 60_000);
afterAll(async () => {
  await scratch?.close();
});

async function newNote(): Promise<string> {
  const owner = crypto.randomUUID();
  await run(sql`
    insert into accounts (id, hash_salt, auth_hash, recovery_hash, kdf_iterations, kdf_salt,
                          wrapped_master_key, recovery_wrapped_master_key)
    values (${owner}, '\\x00', '\\x00', '\\x00', 600000, '\\x00', '\\x00', '\\x00')`);
  const id = crypto.randomUUID();
  await run(sql`insert into notes (id, owner_id, snapshot, metadata)
                values (${id}, ${owner}, ${bytes(40, 1)}, ${bytes(30, 2)})`);
  return id;
}

async function append(id: string, version: number, data: Uint8Array): Promise<void> {
  await run(
    sql`insert into note_updates (note_id, version, data) values (${id}, ${version}, ${data})`,
  );
  await run(sql`update notes set version = ${version} where id = ${id}`);
}

async function logged(id: string): Promise<NoteHead | undefined> {
  const proof = await findNoteHeadProof(core(), id);
  if (!proof) return undefined;
  const head = parseHead((await publishedHead(core())).head);
  return verifyNoteHeadLookup(head, id, parseNoteHeadProof(proof));
}

describe("note heads in the key-transparency log", () => {
  it("logs each write's head once, with the digests a client records", async () => {
    const id = await newNote();
    expect(await runEpoch(core(), { force: true })).toMatchObject({ heads: 1 });
    expect(await logged(id)).toEqual({
      version: 0,
      snapshotVersion: 0,
      contentDigest: envelopeDigest(bytes(40, 1)),
      metadataDigest: envelopeDigest(bytes(30, 2)),
    });

    await append(id, 1, bytes(20, 3));
    await append(id, 2, bytes(20, 4));
    expect(await runEpoch(core(), { force: true })).toMatchObject({ heads: 1 });
    expect(await logged(id)).toMatchObject({
      version: 2,
      contentDigest: envelopeDigest(bytes(20, 4)),
    });
    // Written without moving the head (the same metadata again): enqueued, not logged.
    await run(sql`update notes set metadata = ${bytes(30, 2)} where id = ${id}`);
    expect(await runEpoch(core(), { force: true })).toMatchObject({ heads: 0 });

    // A metadata write and a compaction each move it; the envelope comes with the proof.
    await run(sql`update notes set metadata = ${bytes(30, 5)} where id = ${id}`);
    expect(await runEpoch(core(), { force: true })).toMatchObject({ heads: 1 });
    expect((await logged(id))?.metadataDigest).toEqual(envelopeDigest(bytes(30, 5)));
    expect((await findNoteHeadProof(core(), id))?.metadata).toBe(toBase64(bytes(30, 5)));
    await run(
      sql`update notes set snapshot = ${bytes(50, 6)}, snapshot_version = 2 where id = ${id}`,
    );
    expect(await runEpoch(core(), { force: true })).toMatchObject({ heads: 1 });
    expect(await logged(id)).toMatchObject({
      version: 2,
      snapshotVersion: 2,
      contentDigest: envelopeDigest(bytes(50, 6)),
    });

    // Deleted: nothing more is logged; the last head stays provable (to the log's auditors).
    await run(
      sql`update notes set deleted = true, metadata = null, snapshot = null where id = ${id}`,
    );
    expect(await runEpoch(core(), { force: true })).toMatchObject({ heads: 0 });
  });

  it.runIf(process.env.DATABASE_URL)(
    "leaves a note a writer holds pending for the next epoch",
    async () => {
      const id = await newNote();
      expect(await runEpoch(core(), { force: true })).toMatchObject({ heads: 1 });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const writer = scratch.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into note_updates (note_id, version, data) values (${id}, 1, ${bytes(9, 7)})`,
        );
        await tx.execute(sql`update notes set version = 1 where id = ${id}`);
        locked();
        await held;
      });
      await isLocked;
      expect(await runEpoch(core(), { force: true })).toMatchObject({ heads: 0 });
      release();
      await writer;
      expect(await runEpoch(core(), { force: true })).toMatchObject({ heads: 1 });
      expect((await logged(id))?.version).toBe(1);
    },
  );
});
