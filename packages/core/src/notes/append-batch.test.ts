// Group commit of appends (append-updates.ts, packages/db/sql/functions/
// notes_append_batch.sql) against a real database: PGlite by default, Postgres when
// DATABASE_URL is set (a database of its own, created and dropped here). Every append
// of a batch is answered as `notes_append` alone would answer it, and the rows end as
// if each had run alone.
import { randomBytes, randomUUID } from "node:crypto";
import { type Database, type Db, rows } from "@notes/db";
import { openScratchDatabase, type ScratchDatabase } from "@notes/db/scratch";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CEILINGS } from "../accounts/tier";
import { DomainError } from "../errors";
import { toBase64 } from "../shared/base64";
import type { Log } from "../types";
import { type Appended, type AppendJob, appendQueue } from "./append-queue";
import { NOTE_CEILING } from "./refusals";

let scratch: ScratchDatabase;
let database: Database;
/** Every statement the queue sends, as text. */
const statements: string[] = [];
let db: Db;

beforeAll(async () => {
  scratch = await openScratchDatabase("notes_append_batch", process.env.DATABASE_URL);
  database = scratch.database;
  const dialect = new PgDialect();
  const execute = database.db.execute.bind(database.db);
  db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return (query: SQL) => {
        statements.push(dialect.sqlToQuery(query).sql);
        return execute(query);
      };
    },
  });
}, 120_000);

afterAll(async () => {
  await scratch?.close();
});

const warnings: object[] = [];
const log: Log = { info() {}, error() {}, warn: (obj) => warnings.push(obj) };
const bytes = (n: number) => toBase64(randomBytes(n));

async function account(options: { used?: number } = {}): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`insert into accounts (id, hash_salt, auth_hash, recovery_hash,
      kdf_iterations, kdf_salt, wrapped_master_key, recovery_wrapped_master_key, account_bytes)
    values (${id}, '\\x00', '\\x00', '\\x00', 1, '\\x00', '\\x00', '\\x00', ${options.used ?? 0})`);
  return id;
}

async function note(
  owner: string,
  options: { bytes?: number; deleted?: boolean; metadataBytes?: number } = {},
): Promise<string> {
  const id = randomUUID();
  const metadata = randomBytes(options.metadataBytes ?? 0);
  await db.execute(sql`insert into notes (id, owner_id, deleted, bytes, metadata)
    values (${id}, ${owner}, ${options.deleted ?? false}, ${options.bytes ?? 0}, ${metadata})`);
  await member(id, owner, "owner");
  return id;
}

async function member(noteId: string, accountId: string, role: string) {
  // A revoked row carries its frozen tombstone (schema/notes.ts), as revokeMembers writes it.
  const frozen = role === "revoked" ? sql`now(), 0, 0` : sql`null, null, null`;
  await db.execute(sql`insert into note_members
      (note_id, account_id, role, seq, revoked_at, revoked_version, revoked_snapshot_version)
    values (${noteId}, ${accountId}, ${role}, 0, ${frozen})`);
}

async function noteRow(id: string) {
  const [row] = await rows<{ version: string; bytes: string; metadata_bytes: number | null }>(
    db,
    sql`select version, bytes, octet_length(metadata) as metadata_bytes from notes where id = ${id}`,
  );
  return {
    version: Number(row?.version),
    bytes: Number(row?.bytes),
    metadata: row?.metadata_bytes,
  };
}

async function used(accountId: string): Promise<number> {
  const [row] = await rows<{ account_bytes: string }>(
    db,
    sql`select account_bytes from accounts where id = ${accountId}`,
  );
  return Number(row?.account_bytes);
}

async function memberSeqs(noteId: string): Promise<Record<string, number>> {
  const found = await rows<{ role: string; seq: string }>(
    db,
    sql`select role, seq from note_members where note_id = ${noteId}`,
  );
  return Object.fromEntries(found.map((r) => [r.role, Number(r.seq)]));
}

const job = (noteId: string, accountId: string, over: Partial<AppendJob> = {}): AppendJob => ({
  note: noteId,
  account: accountId,
  request: randomUUID(),
  updates: [],
  metadata: null,
  signatures: null,
  metadataSignature: null,
  ...over,
});

/**
 * Sends `jobs` as one batch: a pilot append takes the queue's one lane first, so
 * the jobs submitted meanwhile leave together when it is done.
 */
async function inOneBatch(jobs: AppendJob[]): Promise<PromiseSettledResult<Appended>[]> {
  const pilotOwner = await account();
  const pilot = await note(pilotOwner);
  const queue = appendQueue(db, log);
  const before = statements.length;
  const pilotDone = queue.submit(job(pilot, pilotOwner, { updates: [bytes(1)] }));
  const results = await Promise.allSettled(jobs.map((j) => queue.submit(j)));
  await pilotDone;
  const batchCalls = statements.slice(before).filter((s) => s.includes("notes_append_batch"));
  expect(batchCalls).toHaveLength(1);
  return results;
}

const slugOf = (r: PromiseSettledResult<Appended>) =>
  r.status === "rejected" ? (r.reason as DomainError).slug : "ok";

describe("appends in one batch", () => {
  it("answers each append as notes_append would, and moves notes, members and usage exactly", async () => {
    const a = await account();
    const b = await account();
    const own = await note(a);
    const withMetadata = await note(a, { metadataBytes: 20, bytes: 20 });
    const editing = await note(b);
    await member(editing, a, "editor");
    const viewing = await note(b);
    await member(viewing, a, "viewer");
    const revoked = await note(b);
    await member(revoked, a, "revoked");
    const foreign = await note(b);
    const deleted = await note(a, { deleted: true });
    const full = await note(a, { bytes: NOTE_CEILING - 5 });
    const repeated = await note(a);
    const requestId = randomUUID();
    const queue = appendQueue(db, log);
    const first = await queue.submit(job(repeated, a, { request: requestId, updates: [bytes(7)] }));
    const usedA = await used(a);
    const usedB = await used(b);

    const results = await inOneBatch([
      job(own, a, { updates: [bytes(10), bytes(10)] }),
      job(withMetadata, a, { metadata: bytes(30) }),
      job(editing, a, { updates: [bytes(5)] }),
      job(viewing, a, { updates: [bytes(5)] }),
      job(revoked, a, { updates: [bytes(5)] }),
      job(foreign, a, { updates: [bytes(5)] }),
      job(deleted, a, { updates: [bytes(5)] }),
      job(randomUUID(), a, { updates: [bytes(5)] }),
      job(full, a, { updates: [bytes(10)] }),
      job(repeated, a, { request: requestId, updates: [bytes(7)] }),
    ]);

    expect(results.map(slugOf)).toEqual([
      "ok",
      "ok",
      "ok",
      "view-only",
      "note-not-found",
      "note-not-found",
      "note-deleted",
      "note-not-found",
      "storage-full", // a note past NOTE_CEILING (contract.md §4)
      "ok",
    ]);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(DomainError);
    }
    const value = (i: number) => (results[i] as PromiseFulfilledResult<Appended>).value;
    // Written: coordinates, the note, its members' seq, the owner's usage.
    expect(value(0)).toMatchObject({ version: 2, owner: a });
    expect(value(1)).toMatchObject({ version: 0, owner: a });
    expect(value(2)).toMatchObject({ version: 1, owner: b });
    expect(await noteRow(own)).toEqual({ version: 2, bytes: 20, metadata: 0 });
    expect(await noteRow(withMetadata)).toEqual({ version: 0, bytes: 30, metadata: 30 });
    expect(await noteRow(editing)).toMatchObject({ version: 1, bytes: 5 });
    expect(await memberSeqs(editing)).toEqual({ owner: value(2).seq, editor: value(2).seq });
    const seqs = [value(0).seq, value(1).seq, value(2).seq];
    expect(new Set(seqs).size).toBe(3);
    expect(seqs.every((s) => s > first.seq)).toBe(true);
    expect(await used(a)).toBe(usedA + 20 + 10);
    expect(await used(b)).toBe(usedB + 5);
    // The repeat answers the first request's coordinates and announces nothing.
    expect(value(9)).toEqual({ seq: first.seq, version: first.version, owner: null });
    expect(await noteRow(repeated)).toMatchObject({ version: 1, bytes: 7 });
    // Refused appends wrote nothing.
    expect(await noteRow(viewing)).toMatchObject({ version: 0, bytes: 0 });
    expect(await noteRow(full)).toMatchObject({ version: 0, bytes: NOTE_CEILING - 5 });
    const [updates] = await rows<{ n: string }>(
      db,
      sql`select count(*) as n from note_updates where note_id in (${viewing}, ${revoked}, ${foreign}, ${deleted}, ${full})`,
    );
    expect(Number(updates?.n)).toBe(0);
  });

  it("decides a crowded owner's appends one at a time, in order, and the rest of the batch as usual", async () => {
    const near = await account({ used: CEILINGS.free - 15 });
    const [n1, n2, n3] = [await note(near), await note(near), await note(near)];
    const other = await account();
    const otherNote = await note(other);
    const results = await inOneBatch([
      job(n1, near, { updates: [bytes(10)] }),
      job(otherNote, other, { updates: [bytes(4)] }),
      job(n2, near, { updates: [bytes(10)] }),
      job(n3, near, { updates: [bytes(3)] }),
    ]);
    // 10 fits (5 left), the next 10 does not, 3 still does.
    expect(results.map(slugOf)).toEqual(["ok", "ok", "free-storage-full", "ok"]);
    expect(await used(near)).toBe(CEILINGS.free - 2);
    expect(await used(other)).toBe(4);
    expect(await noteRow(n2)).toMatchObject({ version: 0, bytes: 0 });
  });

  it("fails only the append that broke its batch: the others go again one by one", async () => {
    const a = await account();
    const [n1, n2, n3] = [await note(a), await note(a), await note(a)];
    warnings.length = 0;
    const results = await inOneBatch([
      job(n1, a, { updates: [bytes(8)] }),
      job(n2, a, { updates: ["not base64 at all!"] }),
      job(n3, a, { updates: [bytes(8)] }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results[1]?.status === "rejected" && results[1].reason).not.toBeInstanceOf(DomainError);
    expect(warnings).toHaveLength(1);
    expect(await used(a)).toBe(16);
    expect(await noteRow(n2)).toMatchObject({ version: 0, bytes: 0 });
  });

  it("appends to one note from many callers at once: every version once, in order", async () => {
    const a = await account();
    const shared = await note(a);
    const editors = [await account(), await account(), await account()];
    for (const e of editors) await member(shared, e, "editor");
    const queue = appendQueue(db, log);
    const writers = [a, ...editors];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        queue.submit(job(shared, writers[i % writers.length] as string, { updates: [bytes(2)] })),
      ),
    );
    expect(results.map((r) => r.version)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await noteRow(shared)).toMatchObject({ version: 40, bytes: 80 });
    expect(await used(a)).toBe(80);
  });
});

/** The stored signature of each update of a note, by version (Base64, or null). */
async function updateSignatures(noteId: string): Promise<(string | null)[]> {
  const found = await rows<{ signature: Uint8Array | null }>(
    db,
    sql`select signature from note_updates where note_id = ${noteId} order by version`,
  );
  return found.map((r) => (r.signature ? toBase64(r.signature) : null));
}

async function metadataSignature(noteId: string): Promise<string | null> {
  const [row] = await rows<{ metadata_signature: Uint8Array | null }>(
    db,
    sql`select metadata_signature from notes where id = ${noteId}`,
  );
  return row?.metadata_signature ? toBase64(row.metadata_signature) : null;
}

describe("signed appends (issue 21, signed content)", () => {
  const block = () => bytes(80);

  it("keeps each update's signature with its update through a batch, and counts none of them", async () => {
    const a = await account();
    const [n1, n2, n3, n4] = [await note(a), await note(a), await note(a), await note(a)];
    // n4's metadata is signed before the batch replaces it unsigned.
    const signedBefore = block();
    await appendQueue(db, log).submit(
      job(n4, a, { metadata: bytes(10), metadataSignature: signedBefore }),
    );
    expect(await metadataSignature(n4)).toBe(signedBefore);
    const usedBefore = await used(a);
    const s1 = [block(), block(), block()];
    const s3 = block();
    const m2 = block();
    const results = await inOneBatch([
      job(n1, a, { updates: [bytes(4), bytes(4), bytes(4)], signatures: s1 }),
      job(n2, a, { updates: [bytes(4)], metadata: bytes(6), metadataSignature: m2 }),
      job(n3, a, { updates: [bytes(4), bytes(4)], signatures: [null, s3] }),
      job(n4, a, { updates: [bytes(4)], metadata: bytes(10) }),
    ]);
    expect(results.map(slugOf)).toEqual(["ok", "ok", "ok", "ok"]);
    expect(await updateSignatures(n1)).toEqual(s1);
    expect(await updateSignatures(n2)).toEqual([null]);
    expect(await metadataSignature(n2)).toBe(m2);
    expect(await updateSignatures(n3)).toEqual([null, s3]);
    // New metadata without a signature is stored unsigned.
    expect(await metadataSignature(n4)).toBeNull();
    // Ciphertext only: 7 updates of 4 bytes, 6 new metadata bytes, 10 replaced by 10.
    expect(await used(a)).toBe(usedBefore + 7 * 4 + 6);
    expect(await noteRow(n1)).toMatchObject({ version: 3, bytes: 12 });
  });

  it("does the same alone (notes_append), and a repeated requestId keeps the first's signatures", async () => {
    const a = await account();
    const n = await note(a);
    const queue = appendQueue(db, log);
    const requestId = randomUUID();
    const first = [block(), block()];
    const m = block();
    const done = await queue.submit(
      job(n, a, {
        request: requestId,
        updates: [bytes(3), bytes(3)],
        signatures: first,
        metadata: bytes(5),
        metadataSignature: m,
      }),
    );
    const again = await queue.submit(
      job(n, a, {
        request: requestId,
        updates: [bytes(3), bytes(3)],
        signatures: [block(), block()],
      }),
    );
    expect(again).toEqual({ seq: done.seq, version: done.version, owner: null });
    expect(await updateSignatures(n)).toEqual(first);
    expect(await metadataSignature(n)).toBe(m);
    expect(await used(a)).toBe(11);
    // Metadata replaced without a signature nulls it; an unsigned update stays unsigned.
    await queue.submit(job(n, a, { updates: [bytes(3)], metadata: bytes(5) }));
    expect(await metadataSignature(n)).toBeNull();
    expect(await updateSignatures(n)).toEqual([...first, null]);
  });

  it("keeps each signature with its update under many concurrent appends", async () => {
    const a = await account();
    const notes: string[] = [];
    for (let i = 0; i < 20; i++) notes.push(await note(a));
    const queue = appendQueue(db, log);
    const before = statements.length;
    // Two rounds per note, all at once: batches form, and a note's second append waits
    // for its first (one key per batch).
    const sent = [...notes, ...notes].map((n, i) => ({
      n,
      updates: [bytes(2), bytes(2)],
      signatures: i % 3 === 0 ? null : [block(), block()],
    }));
    const results = await Promise.allSettled(
      sent.map((s) => queue.submit(job(s.n, a, { updates: s.updates, signatures: s.signatures }))),
    );
    expect(results.map(slugOf).every((r) => r === "ok")).toBe(true);
    const batches = statements.slice(before).filter((s) => s.includes("notes_append_batch"));
    expect(batches.length).toBeGreaterThan(0);
    for (const n of notes) {
      const expected = sent.filter((s) => s.n === n).flatMap((s) => s.signatures ?? [null, null]);
      expect(await updateSignatures(n)).toEqual(expected);
    }
    expect(await used(a)).toBe(40 * 4);
  });
});

describe("the append queue under load", () => {
  it("sends one batch at a time: appends that arrive while one is written leave together", async () => {
    const a = await account();
    const notes = [await note(a), await note(a), await note(a), await note(a)];
    const queue = appendQueue(db, log);
    const before = statements.length;
    const submit = (n: string) => queue.submit(job(n, a, { updates: [bytes(4)] }));
    const [firstNote, ...others] = notes;
    // The first leaves at the end of its turn; the three submitted after it go as one
    // batch (a second lane would have sent the next one alone, as a single call).
    const first = submit(firstNote as string);
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([first, ...others.map(submit)]);
    const sent = statements.slice(before);
    expect(sent.filter((s) => s.includes("notes_append_batch"))).toHaveLength(1);
    expect(sent.filter((s) => /notes_append\(/.test(s))).toHaveLength(1);
    expect(await used(a)).toBe(16);
  });

  it("sends the appends submitted in one turn as one batch", async () => {
    const a = await account();
    const notes = [await note(a), await note(a), await note(a)];
    const queue = appendQueue(db, log);
    const before = statements.length;
    // Requests parsed in one turn of the event loop: on PGlite, which runs a statement
    // in this thread, each used to find the lane free and go alone (issue 39).
    await Promise.all(notes.map((n) => queue.submit(job(n, a, { updates: [bytes(4)] }))));
    const sent = statements.slice(before);
    expect(sent.filter((s) => s.includes("notes_append_batch"))).toHaveLength(1);
    expect(sent.filter((s) => /notes_append\(/.test(s))).toHaveLength(0);
    expect(await used(a)).toBe(12);
  });

  it("plans the append functions with index lookups only, and keeps room on note pages for HOT updates", async () => {
    // Cached plans made while the tables were small scanned them whole (the SET clause
    // of notes_append.sql says why); docs/benchmarks-log.md, "The append's plans and rows",
    // says why note pages keep room.
    const functions = await rows<{ proname: string; proconfig: string[] | null }>(
      db,
      sql`select proname, proconfig from pg_proc where proname in ('notes_append', 'notes_append_batch')`,
    );
    expect(functions).toHaveLength(2);
    for (const f of functions) expect(f.proconfig).toContain("enable_seqscan=off");
    const [notesTable] = await rows<{ reloptions: string[] | null }>(
      db,
      sql`select reloptions from pg_class where relname = 'notes' and relkind = 'r'`,
    );
    expect(notesTable?.reloptions).toContain("fillfactor=70");
  });
});
