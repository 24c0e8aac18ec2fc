// Carrying pins between the account's devices through the server (docs/client-crypto.md,
// "Pinned keys in shards", Syncing): read the single sealed copy of before shards once
// (GET /v1/account/key-pins, so pins written by an older client are migrated), list the
// shards (GET …/key-pins/shards), read those whose version moved since this device last
// read them, merge them in (importKeyPins's rules), and write back, shard by shard, only
// what this device holds and a stored shard lacks (If-Match; a 412 reads and merges again).
//
// The server can withhold or replay shards. A copy older than one this device saw is not
// merged but written over (rollback); a shard this device saw, or that another shard's
// map names, and which the server no longer lists, is written again from this device's
// pins when it holds any (missing). What it cannot heal is a device that never saw the
// pins: a new one. So when no pins at all come back for an account that shares notes,
// or shards known to exist stay missing or unreadable, the read ends "withheld" and the
// device pins no one new (key-pins-gate.ts; issue 33, item 4) until a later read finds
// them: trust on first use does not start over on the server's word.
import { loadSodium, openKeyPins } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Session } from "../vault/session";
import { keyPinsRead, readingKeyPins } from "./key-pins-gate";
import { groupByShard, syncMemoryOf } from "./key-pins-shard-memory";
import { readShard, type ShardSync, writeShard } from "./key-pins-shard-sync";
import { accountSharesNotes } from "./key-pins-shares";
import { type KeyPinConflict, mergeKeyPins } from "./key-pins-storage";
import { keyPinsOf } from "./pin-check";

export interface KeyPinsSyncResult {
  /** People another device pinned with a different key: this device kept its own. */
  conflicts: KeyPinConflict[];
  /** Whether this device wrote (it held pins or verifications a stored shard lacked). */
  wrote: boolean;
  /** The shards it wrote. */
  written: number[];
  /** The account's pins are being kept from this device: it pins no one new. */
  withheld: boolean;
  /** Shards served older than this device saw (a replay): not merged, written over. */
  rolledBack: number[];
  /** Shards that exist (seen here, or named by another shard) and were not listed. */
  missing: number[];
  /** Shards that did not open under the master key or broke the format. */
  unreadable: number[];
  /** Shards past the server's cap: their new pins stay on this device. */
  full: number[];
}

export interface KeyPinsSyncOptions {
  /**
   * Whether the account shares notes (holds a note with other members, or one it does
   * not own), asked only when the server answers no pins at all. Default: read from
   * GET /v1/changes.
   */
  sharesNotes?: () => Promise<boolean>;
}

/** Shard reads in flight at once. */
const PARALLEL_READS = 8;

export function syncKeyPins(
  api: ApiClient,
  session: Session,
  options: KeyPinsSyncOptions = {},
): Promise<KeyPinsSyncResult> {
  return readingKeyPins(keyPinsOf(session), runSync(api, session, options));
}

async function runSync(
  api: ApiClient,
  session: Session,
  options: KeyPinsSyncOptions,
): Promise<KeyPinsSyncResult> {
  const pins = keyPinsOf(session);
  const memory = syncMemoryOf(pins);
  const sync: ShardSync = {
    api,
    sodium: await loadSodium(),
    masterKey: session.masterKey,
    pins,
    memory,
    conflicts: [],
    rolledBack: new Set(),
    unreadable: new Set(),
    full: new Set(),
  };
  const hadPins = pins.all().length > 0;
  const single = await readSingleCopy(sync);
  const { shards: listed } = await api.call("account.keyPinShards", {});
  const listedShards = new Set(listed.map((s) => s.shard));
  for (const shard of memory.shards.keys())
    if (!listedShards.has(shard)) memory.shards.delete(shard);
  const changed = listed.filter((s) => memory.shards.get(s.shard)?.version !== s.version);
  await inParallel(changed, PARALLEL_READS, (s) => readShard(sync, s.shard));

  // Shards that must exist: seen here, or named by another shard's map.
  const expected = new Set<number>();
  for (const [shard, generation] of memory.seen) if (generation > 0) expected.add(shard);
  for (const stored of memory.shards.values()) for (const shard of stored.held) expected.add(shard);
  const missing = [...expected].filter((shard) => !listedShards.has(shard));

  // In shard order, each map naming what is stored or written so far: a new device
  // reading any shard then knows which others the server must list.
  const byShard = groupByShard(pins.all());
  const held = new Set(listedShards);
  const written: number[] = [];
  const toWrite = new Set([...byShard.keys(), ...memory.shards.keys()]);
  for (const shard of [...toWrite].sort((a, b) => a - b)) {
    if (await writeShard(sync, shard, byShard.get(shard) ?? [], new Set([...held, shard]))) {
      held.add(shard);
      written.push(shard);
    }
  }
  const stillMissing = missing.filter((shard) => !held.has(shard));
  const nothingServed = listed.length === 0 && !single.held;
  const withheld =
    stillMissing.length > 0 ||
    sync.unreadable.size > 0 ||
    (nothingServed &&
      !hadPins &&
      (await (options.sharesNotes ?? (() => accountSharesNotes(api)))()));
  keyPinsRead(pins, withheld);
  return {
    conflicts: sync.conflicts,
    wrote: written.length > 0,
    written,
    withheld,
    rolledBack: [...sync.rolledBack].sort((a, b) => a - b),
    missing: missing.sort((a, b) => a - b),
    unreadable: [...sync.unreadable].sort((a, b) => a - b),
    full: [...sync.full].sort((a, b) => a - b),
  };
}

/**
 * The single sealed copy older clients keep (GET /v1/account/key-pins), merged once a
 * session: its pins then travel in shards. Answers whether it held any. One that does
 * not open is not the account's (DecryptionFailed): left out.
 */
async function readSingleCopy(sync: ShardSync): Promise<{ held: boolean }> {
  const { memory } = sync;
  if (memory.singleCopyRead) return { held: false };
  const read = await sync.api.call("account.keyPins", {});
  memory.singleCopyRead = true;
  if (!read.sealed) return { held: false };
  try {
    const stored = openKeyPins(sync.sodium, sync.masterKey, read.sealed);
    sync.conflicts.push(...mergeKeyPins(stored, sync.pins));
    return { held: stored.length > 0 };
  } catch {
    return { held: false };
  }
}

async function inParallel<T>(
  items: readonly T[],
  width: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
