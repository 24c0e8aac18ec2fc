// What a device remembers of the account's pin shards on the server (issue 33, items 4
// and 10; docs/client-crypto.md, "Pinned keys in shards"): per shard, the copy it last
// read or wrote (its version, generation, map of held shards and pins), so a sync reads
// only the shards whose version moved; and per shard the highest generation it ever
// saw, which an app keeps across restarts (seenKeyPinGenerations, rememberKeyPin-
// Generations) so that a copy older than one seen is refused even after a reload.
// Kept beside the store in a WeakMap, like the gate (key-pins-gate.ts).
//
// exportKeyPinShards / importKeyPinShard carry a device's own pins to its storage in the
// same sealed shard format (generation 1: only the server's copies count generations),
// one shard at a time, so saving after a change reseals one shard, not 100,000 pins.
import {
  type AeadSodium,
  KEY_PIN_SHARDS,
  keyPinShardOf,
  openKeyPinShard,
  sealKeyPinShard,
} from "@notes/crypto";
import type { KeyPins, PinnedKey } from "./key-pins";
import { type KeyPinConflict, mergeKeyPins } from "./key-pins-storage";

export interface StoredShard {
  /** The server's version of it, as last read or written. */
  version: number;
  /** The generation sealed inside (0: it could not be opened). */
  generation: number;
  held: ReadonlySet<number>;
  pins: Map<string, PinnedKey>;
  /** It broke the format this client knows (a newer client's?): never written over. */
  newerFormat?: boolean;
}

export interface KeyPinsSyncMemory {
  shards: Map<number, StoredShard>;
  /** Per shard, the highest generation this device saw. */
  seen: Map<number, number>;
  /** The single sealed copy of before shards (GET /v1/account/key-pins) was merged. */
  singleCopyRead: boolean;
  listeners: Set<() => void>;
}

const memories = new WeakMap<KeyPins, KeyPinsSyncMemory>();

export function syncMemoryOf(pins: KeyPins): KeyPinsSyncMemory {
  let memory = memories.get(pins);
  if (!memory) {
    memory = { shards: new Map(), seen: new Map(), singleCopyRead: false, listeners: new Set() };
    memories.set(pins, memory);
  }
  return memory;
}

/** Raises the generation seen of `shard`; tells the listeners when it moved. */
export function sawGeneration(memory: KeyPinsSyncMemory, shard: number, generation: number): void {
  if (generation <= (memory.seen.get(shard) ?? 0)) return;
  memory.seen.set(shard, generation);
  for (const listener of memory.listeners) listener();
}

/** The generations this device saw, by shard, for an app to keep (JSON-safe). */
export function seenKeyPinGenerations(pins: KeyPins): Record<string, number> {
  return Object.fromEntries(syncMemoryOf(pins).seen);
}

/** Restores generations kept by an app; never lowers one. */
export function rememberKeyPinGenerations(pins: KeyPins, seen: Record<string, number>): void {
  const memory = syncMemoryOf(pins);
  for (const [key, generation] of Object.entries(seen)) {
    const shard = Number(key);
    const valid = Number.isInteger(shard) && shard >= 0 && shard < KEY_PIN_SHARDS;
    if (valid && Number.isInteger(generation)) sawGeneration(memory, shard, generation);
  }
}

/** Hears every raised generation (to keep them); answers an unsubscribe function. */
export function onSeenKeyPinGenerations(pins: KeyPins, listener: () => void): () => void {
  const { listeners } = syncMemoryOf(pins);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function groupByShard(pins: readonly PinnedKey[]): Map<number, PinnedKey[]> {
  const byShard = new Map<number, PinnedKey[]>();
  for (const pin of pins) {
    const shard = keyPinShardOf(pin.userId);
    const list = byShard.get(shard);
    if (list) list.push(pin);
    else byShard.set(shard, [pin]);
  }
  return byShard;
}

/** The device's pins of each of `shards` that holds any, sealed for its own storage. */
export function exportKeyPinShards(
  sodium: AeadSodium,
  masterKey: Uint8Array,
  pins: KeyPins,
  shards: Iterable<number>,
): Map<number, string> {
  const wanted = new Set(shards);
  const byShard = groupByShard(pins.all().filter((p) => wanted.has(keyPinShardOf(p.userId))));
  const sealed = new Map<number, string>();
  for (const [shard, list] of byShard) {
    sealed.set(
      shard,
      sealKeyPinShard(sodium, masterKey, {
        shard,
        generation: 1,
        held: new Set([shard]),
        pins: list,
      }),
    );
  }
  return sealed;
}

/** Merges a shard kept by exportKeyPinShards (Merging rules). Throws as openKeyPinShard. */
export function importKeyPinShard(
  sodium: AeadSodium,
  masterKey: Uint8Array,
  shard: number,
  sealed: string,
  into: KeyPins,
): KeyPinConflict[] {
  return mergeKeyPins(openKeyPinShard(sodium, masterKey, shard, sealed).pins, into);
}
