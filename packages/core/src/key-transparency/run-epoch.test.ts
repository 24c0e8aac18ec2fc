// The epoch job against a real (embedded, or DATABASE_URL's) database: two instances
// trying at once close an epoch once; a restarted instance reads the interval from the
// last head, not from a timer; a publication is logged with a proof that verifies; while
// a witness is required no head follows an uncosigned one; a stored roster-chain entry
// is logged as its note's head; a stored seen-heads copy is logged as its account's, and
// counts as something to log; a quiet log closes an epoch only once the idle interval passed;
// new notes are placed ahead of the epoch, which places only a few itself and takes the
// place kept in a note's pending row.
import { rows } from "@notes/db";
import { openScratchDatabase, type ScratchDatabase } from "@notes/db/scratch";
import {
  cosignHead,
  parseHashes,
  parseHead,
  parseLookupProof,
  parseRosterProof,
  parseSeenHeadsProof,
  publicKeyOf,
  rosterCommitment,
  rosterEntryDigest,
  seenHeadsCommitment,
  seenHeadsDigest,
  toBase64,
  verifyHeadExtends,
  verifyLookup,
  verifyRosterLookup,
  verifySeenHeadsLookup,
} from "@notes/keytrans";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSeenHeads, replaceSeenHeads, seenHeadsEtag } from "../accounts/seen-heads";
import type { Core } from "../core";
import { appendChainEntry } from "../sharing/roster-chain";
import { ktKeys } from "./config";
import { addCosignature } from "./cosign";
import { enqueueBinding, enqueueRoster, enqueueSeenHeads } from "./enqueue";
import { epochChanges, findLookupProof, publishedHead } from "./read";
import { INLINE_PLACES, placeRosters } from "./roster-leaves";
import { findRosterProof } from "./roster-proof";
import { runEpoch } from "./run-epoch";

const EPOCH_MS = 60_000;
const WITNESS = new Uint8Array(32).fill(4);
let scratch: ScratchDatabase;

const quiet = { info() {}, warn() {}, error() {} };
const instance = (witnessed = false, idleMs?: number) =>
  ({
    db: scratch.database.db,
    log: quiet,
    config: {
      serverSecret: "kt-test-secret-0123456789abcdefghijklmnop",
      keyTransparency: {
        epochMs: EPOCH_MS,
        witnessKeys: witnessed ? [publicKeyOf(WITNESS)] : [],
        quorum: witnessed ? 1 : 0,
        ...(idleMs !== undefined && { idleMs }),
      },
    },
  }) as unknown as Core;

async function account(publicKey: Uint8Array): Promise<string> {
  const rows = (await scratch.database.db.execute(sql`
    insert into accounts (id, hash_salt, auth_hash, recovery_hash, kdf_iterations, kdf_salt,
                          wrapped_master_key, recovery_wrapped_master_key, public_key)
    values (gen_random_uuid(), '\\x00', '\\x00', '\\x00', 600000, '\\x00', '\\x00', '\\x00', ${publicKey})
    returning id`)) as unknown as { rows?: { id: string }[] } | { id: string }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return (list[0] as { id: string }).id;
}

beforeAll(async () => {
  scratch = await openScratchDatabase("notes_kt_epochs", process.env.DATABASE_URL || undefined);
});
afterAll(async () => {
  await scratch?.close();
});

describe("the key-transparency epoch job", () => {
  it("closes each epoch once across instances and restarts, logging what was published", async () => {
    const t0 = 1_900_000_000_000;
    const key = new Uint8Array(32).fill(7);
    const id = await account(key);
    await enqueueBinding(scratch.database.db, id);
    const [a, b] = [instance(), instance()];
    const first = await Promise.all([runEpoch(a, { now: t0 }), runEpoch(b, { now: t0 })]);
    expect(first.filter(Boolean)).toEqual([{ epoch: 1, logged: 1, rosters: 0, seen: 0 }]);
    // A restarted instance (a fresh copy) within the interval closes nothing…
    expect(await runEpoch(instance(), { now: t0 + EPOCH_MS / 2 })).toBeUndefined();
    // …and after it, the next epoch, whose log extends the first.
    const restarted = instance();
    expect(await runEpoch(restarted, { now: t0 + EPOCH_MS })).toEqual({
      epoch: 2,
      logged: 0,
      rosters: 0,
      seen: 0,
    });
    const one = await publishedHead(a);
    const two = await publishedHead(restarted, 1);
    verifyHeadExtends(
      parseHead(one.head as never),
      parseHead(two.head),
      parseHashes(two.consistency, "consistency"),
    );
    const proof = await findLookupProof(b, id);
    expect(proof?.epoch).toBe(2);
    const binding = verifyLookup(parseHead(two.head), id, parseLookupProof(proof as never));
    expect(binding.publicKey).toEqual(key);
  });

  it("waits for the witness's cosignature before the next head, and serves only cosigned heads", async () => {
    // The heads so far (epochs 1 and 2 above) were made without a witness required.
    const witnessed = instance(true);
    expect(await runEpoch(witnessed, { force: true })).toBeUndefined();
    await expect(publishedHead(witnessed)).rejects.toMatchObject({ slug: "no-tree-head" });
    const cosign = async (epoch: number) => {
      const head = parseHead((await publishedHead(instance())).head);
      expect(head.epoch).toBe(epoch);
      await addCosignature(witnessed, epoch, publicKeyOf(WITNESS), cosignHead(WITNESS, head));
    };
    await cosign(2);
    expect((await publishedHead(witnessed)).head.epoch).toBe(2);
    expect(await runEpoch(witnessed, { force: true })).toEqual({
      epoch: 3,
      logged: 0,
      rosters: 0,
      seen: 0,
    });
    // Epoch 3 awaits its cosignature: clients still get epoch 2, and no epoch 4 is made.
    expect((await publishedHead(witnessed)).head.epoch).toBe(2);
    expect(await runEpoch(witnessed, { force: true })).toBeUndefined();
    await cosign(3);
    expect(await runEpoch(witnessed, { force: true })).toEqual({
      epoch: 4,
      logged: 0,
      rosters: 0,
      seen: 0,
    });
  });

  it("logs a note's roster-chain head once per new entry, in the epoch's changes, provable after a restart", async () => {
    const owner = await account(new Uint8Array(32).fill(8));
    const noteId = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
    await scratch.database.db.execute(
      sql`insert into notes (id, owner_id) values (${noteId}, ${owner})`,
    );
    const entries = [new Uint8Array(120).fill(1), new Uint8Array(120).fill(2)];
    await appendChainEntry(scratch.database.db, noteId, 0, entries[0] as Uint8Array);
    await appendChainEntry(scratch.database.db, noteId, 1, entries[1] as Uint8Array);
    const closed = await runEpoch(instance(), { force: true });
    expect(closed).toMatchObject({ logged: 0, rosters: 1 });
    const epoch = (closed as { epoch: number }).epoch;
    // Nothing new in the chain: enqueued again, nothing logged.
    await enqueueRoster(scratch.database.db, noteId);
    expect(await runEpoch(instance(), { force: true })).toMatchObject({ rosters: 0 });

    const restarted = instance();
    const head = parseHead((await publishedHead(restarted)).head);
    const proof = await findRosterProof(restarted, noteId);
    const logged = verifyRosterLookup(head, noteId, parseRosterProof(proof as never));
    expect(logged.chainEpoch).toBe(1);
    expect(logged.entryHash).toEqual(rosterEntryDigest(entries[1] as Uint8Array));
    const changes = await epochChanges(restarted, epoch);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.commitment).toBe(
      toBase64(rosterCommitment(noteId, parseRosterProof(proof as never).opening, logged)),
    );
  });

  it("places new notes ahead of the epoch, and an epoch places at most a few itself, logging the rest next", async () => {
    const owner = await account(new Uint8Array(32).fill(9));
    const ids: string[] = [];
    for (let i = 0; i < INLINE_PLACES + 3; i++) {
      const [row] = await rows<{ id: string }>(
        scratch.database.db,
        sql`insert into notes (id, owner_id) values (gen_random_uuid(), ${owner}) returning id`,
      );
      const id = (row as { id: string }).id;
      await appendChainEntry(scratch.database.db, id, 0, new Uint8Array(120).fill(i));
      ids.push(id);
    }
    const core = instance();
    const waiting = () =>
      rows<{ note_id: string; placed: boolean }>(
        scratch.database.db,
        sql`select note_id, vrf_index is not null as placed from kt_roster_pending`,
      );
    // Nothing placed ahead: the epoch places INLINE_PLACES and leaves three waiting.
    expect(await runEpoch(core, { force: true })).toMatchObject({ rosters: INLINE_PLACES });
    const left = await waiting();
    expect(left).toHaveLength(3);
    expect(left.every((r) => !r.placed && ids.includes(r.note_id))).toBe(true);
    // The placing job places them, in steps, and none twice.
    const { vrfSecret } = ktKeys(core);
    expect(await placeRosters(scratch.database.db, vrfSecret, 2)).toBe(2);
    expect(await placeRosters(scratch.database.db, vrfSecret, 2)).toBe(1);
    expect(await placeRosters(scratch.database.db, vrfSecret, 2)).toBe(0);
    expect((await waiting()).every((r) => r.placed)).toBe(true);
    const closed = await runEpoch(core, { force: true });
    expect(closed).toMatchObject({ rosters: 3 });
    // A place computed ahead is the note's: its proof verifies under the new head.
    const head = parseHead((await publishedHead(core)).head);
    for (const { note_id } of left) {
      const proof = await findRosterProof(core, note_id);
      expect(verifyRosterLookup(head, note_id, parseRosterProof(proof as never)).chainEpoch).toBe(
        0,
      );
    }
    // A note logged before keeps its place: a new entry enqueues it, with nothing to place.
    const first = ids[0] as string;
    await appendChainEntry(scratch.database.db, first, 1, new Uint8Array(120).fill(99));
    expect(await placeRosters(scratch.database.db, vrfSecret, 4)).toBe(0);
    expect(await runEpoch(core, { force: true })).toMatchObject({ rosters: 1 });
  });

  it("logs an account's seen-heads copy once per upload, provable, and an idle epoch closes for it", async () => {
    const id = await account(new Uint8Array(32).fill(10));
    const caller = { sessionId: "s", accountId: id };
    const idle = instance(false, 100 * EPOCH_MS);
    const last = parseHead((await publishedHead(idle)).head);
    // Nothing pending: a quiet log waits for the idle interval.
    expect(await runEpoch(idle, { now: last.timestamp + EPOCH_MS })).toBeUndefined();
    const before = await readSeenHeads(idle, caller);
    expect(before).toMatchObject({ counter: 0, sealed: null });
    const absent = parseSeenHeadsProof(before.keyTransparency as never);
    expect(verifySeenHeadsLookup(last, id, absent)).toBeUndefined();

    const first = new Uint8Array(69).fill(1);
    const second = new Uint8Array(98).fill(2);
    await replaceSeenHeads(idle, caller, seenHeadsEtag(0), 1, first);
    await replaceSeenHeads(idle, caller, seenHeadsEtag(1), 2, second);
    // A stored copy is something to log: the epoch interval is enough.
    const closed = await runEpoch(idle, { now: last.timestamp + EPOCH_MS });
    expect(closed).toMatchObject({ epoch: last.epoch + 1, logged: 0, rosters: 0, seen: 1 });
    // Enqueued again with the same copy: nothing new is logged.
    await enqueueSeenHeads(scratch.database.db, id);
    expect(await runEpoch(instance(), { force: true })).toMatchObject({ seen: 0 });

    const restarted = instance();
    const head = parseHead((await publishedHead(restarted)).head);
    const read = await readSeenHeads(restarted, caller);
    expect(read.counter).toBe(2);
    const proof = parseSeenHeadsProof(read.keyTransparency as never);
    const logged = verifySeenHeadsLookup(head, id, proof);
    expect(logged?.counter).toBe(2);
    expect(logged?.digest).toEqual(seenHeadsDigest(second));
    const changes = await epochChanges(restarted, (closed as { epoch: number }).epoch);
    expect(changes.map((c) => c.commitment)).toContain(
      toBase64(
        seenHeadsCommitment(id, proof.logged?.opening as Uint8Array, {
          counter: 2,
          digest: seenHeadsDigest(second),
        }),
      ),
    );
  });

  it("with nothing to log, closes an epoch only once the last head is idleMs old", async () => {
    const idleMs = 10 * EPOCH_MS;
    const quietLog = instance(false, idleMs);
    const last = parseHead((await publishedHead(quietLog)).head);
    expect(await runEpoch(quietLog, { now: last.timestamp + EPOCH_MS })).toBeUndefined();
    expect(await runEpoch(quietLog, { now: last.timestamp + idleMs - 1 })).toBeUndefined();
    // Something to log: the epoch interval is enough.
    await enqueueBinding(scratch.database.db, await account(new Uint8Array(32).fill(9)));
    const busy = await runEpoch(quietLog, { now: last.timestamp + EPOCH_MS });
    expect(busy).toMatchObject({ epoch: last.epoch + 1, logged: 1 });
    // Quiet again: the next head waits for the idle interval, then closes empty.
    const after = last.timestamp + EPOCH_MS;
    expect(await runEpoch(quietLog, { now: after + 2 * EPOCH_MS })).toBeUndefined();
    expect(await runEpoch(quietLog, { now: after + idleMs })).toEqual({
      epoch: last.epoch + 2,
      logged: 0,
      rosters: 0,
      seen: 0,
    });
  });

  it("logs a new note at the place kept in its pending row, computing none itself", async () => {
    const owner = await account(new Uint8Array(32).fill(12));
    const [row] = await rows<{ id: string }>(
      scratch.database.db,
      sql`insert into notes (id, owner_id) values (gen_random_uuid(), ${owner}) returning id`,
    );
    const id = (row as { id: string }).id;
    await appendChainEntry(scratch.database.db, id, 0, new Uint8Array(120).fill(5));
    // A place no VRF would give this note: the epoch must take it as kept, not prove anew.
    const kept = { index: new Uint8Array(32).fill(0x7e), proof: new Uint8Array(80).fill(0x11) };
    await scratch.database.db.execute(
      sql`update kt_roster_pending set vrf_index = ${kept.index}, vrf_proof = ${kept.proof}
          where note_id = ${id}`,
    );
    expect(await runEpoch(instance(), { force: true })).toMatchObject({ rosters: 1 });
    const [leaf] = await rows<{ vrf_index: Uint8Array; vrf_proof: Uint8Array }>(
      scratch.database.db,
      sql`select vrf_index, vrf_proof from kt_roster_leaves where note_id = ${id}`,
    );
    expect(new Uint8Array(leaf?.vrf_index ?? [])).toEqual(kept.index);
    expect(new Uint8Array(leaf?.vrf_proof ?? [])).toEqual(kept.proof);
  });
});
