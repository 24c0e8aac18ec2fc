// Reading and writing one shard of the account's pins (docs/client-crypto.md, "Pinned
// keys in shards", Syncing): read it, open it under the master key with its shard number
// bound, refuse a copy older than one this device saw (a replay: not merged, written
// again), merge the rest; write only when this device holds something the stored copy
// lacks, held to the version read (If-Match), merging again after a 412.
import {
  DecryptionFailed,
  InvalidKeyPins,
  openKeyPinShard,
  type Sodium,
  sealKeyPinShard,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { KeyPins, PinnedKey } from "./key-pins";
import { type KeyPinsSyncMemory, sawGeneration } from "./key-pins-shard-memory";
import { type KeyPinConflict, mergeKeyPins, mergePin } from "./key-pins-storage";

/** The server's cap on one shard's sealed bytes (PUT …/key-pins/shards/{shard}). */
export const MAX_SHARD_SEALED_BYTES = 524_288;
const ATTEMPTS = 4;

export interface ShardSync {
  api: ApiClient;
  sodium: Sodium;
  masterKey: Uint8Array;
  pins: KeyPins;
  memory: KeyPinsSyncMemory;
  conflicts: KeyPinConflict[];
  /** Served older than this device saw. */
  rolledBack: Set<number>;
  /** Did not open under the master key (DecryptionFailed) or broke the format. */
  unreadable: Set<number>;
  /** Would pass the server's cap: kept on this device only. */
  full: Set<number>;
}

export const shardEtag = (shard: number, version: number) => `"pin-shard-${shard}-${version}"`;

export async function readShard(sync: ShardSync, shard: number): Promise<void> {
  const { api, sodium, masterKey, memory } = sync;
  const read = await api.call("account.keyPinShard", { shard });
  if (read.sealed === null) {
    memory.shards.delete(shard);
    return;
  }
  const at = { version: read.version, generation: 0, held: new Set<number>(), pins: new Map() };
  let opened: ReturnType<typeof openKeyPinShard>;
  try {
    opened = openKeyPinShard(sodium, masterKey, shard, read.sealed);
  } catch (error) {
    if (!(error instanceof DecryptionFailed || error instanceof InvalidKeyPins)) throw error;
    sync.unreadable.add(shard);
    // Sealed under another key (the server's own): written over with this device's pins.
    // A format this client does not know (a newer client's) is left alone.
    const newerFormat = error instanceof InvalidKeyPins;
    memory.shards.set(shard, { ...at, ...(newerFormat && { newerFormat }) });
    return;
  }
  sync.unreadable.delete(shard);
  memory.shards.set(shard, {
    version: read.version,
    generation: opened.generation,
    held: opened.held,
    pins: new Map(opened.pins.map((pin) => [pin.userId, pin])),
  });
  if (opened.generation < (memory.seen.get(shard) ?? 0)) {
    sync.rolledBack.add(shard);
    return;
  }
  sync.rolledBack.delete(shard);
  sync.conflicts.push(...mergeKeyPins(opened.pins, sync.pins));
  sawGeneration(memory, shard, opened.generation);
}

/**
 * Writes `local` (this device's pins of `shard`) over the stored copy when it adds
 * something, or when the stored copy was a replay or unreadable. Answers whether it wrote.
 */
export async function writeShard(
  sync: ShardSync,
  shard: number,
  local: readonly PinnedKey[],
  held: ReadonlySet<number>,
): Promise<boolean> {
  const { api, sodium, masterKey, memory } = sync;
  for (let attempt = 1; ; attempt++) {
    const stored = memory.shards.get(shard);
    if (stored?.newerFormat) return false;
    // A replayed copy is not built on: this device holds all it saw, keys changed since
    // included, so the copy written is this device's own.
    const rolledBack = sync.rolledBack.has(shard);
    const heal = rolledBack || sync.unreadable.has(shard);
    const next = toStore(rolledBack ? undefined : stored?.pins, local, heal);
    if (!next) return false;
    const generation = Math.max(stored?.generation ?? 0, memory.seen.get(shard) ?? 0) + 1;
    const sealed = sealKeyPinShard(sodium, masterKey, { shard, generation, held, pins: next });
    if ((sealed.length / 4) * 3 > MAX_SHARD_SEALED_BYTES) {
      sync.full.add(shard);
      return false;
    }
    try {
      const written = await api.call(
        "account.replaceKeyPinShard",
        { shard, sealed },
        { headers: { "If-Match": shardEtag(shard, stored?.version ?? 0) } },
      );
      memory.shards.set(shard, {
        version: written.version,
        generation,
        held,
        pins: new Map(next.map((pin) => [pin.userId, pin])),
      });
      sawGeneration(memory, shard, generation);
      return true;
    } catch (error) {
      if (attempt >= ATTEMPTS || !isProblem(error, "precondition-failed")) throw error;
      await readShard(sync, shard);
    }
  }
}

/**
 * What to store after merging, or undefined when the stored copy already holds
 * everything this device knows (and need not be healed). A person stored with a key
 * other than this device's keeps the stored pin: one device saw a substituted key, and
 * neither overwrites the other (both report the conflict).
 */
function toStore(
  stored: ReadonlyMap<string, PinnedKey> | undefined,
  local: readonly PinnedKey[],
  heal: boolean,
): PinnedKey[] | undefined {
  const byUser = new Map(stored);
  let changed = heal;
  for (const pin of local) {
    const held = byUser.get(pin.userId);
    const merged = held ? mergePin(held, pin) : pin;
    if (merged && merged !== "conflict") {
      byUser.set(pin.userId, merged);
      changed = true;
    }
  }
  return changed && byUser.size > 0 ? [...byUser.values()] : undefined;
}
