// Keeps the collaborators' pinned sharing keys (docs/client-crypto.md, "Pinned keys")
// across reloads: sealed under the master key in IndexedDB, one record a shard (the SDK's
// exportKeyPinShards: the shard format of "Pinned keys in shards"), restored at start,
// and after a change the changed shards re-sealed, so 100,000 pins cost one shard's seal
// per change, not a re-seal of them all. Beside them, the generation of each server shard
// this device saw (the SDK's seenKeyPinGenerations), so that after a reload a copy older
// than one seen is still refused (issue 33, item 4). Without this a reload would forget
// every pin, and a lying server would only have to wait for one to hand over its own key
// as a "first sight". Pins from another account's store (a damaged one) open nothing
// here: the device starts afresh rather than trusting them. The single sealed copy of
// before shards ("keyPins") is read once and rewritten as shards.
import {
  exportKeyPinShards,
  importKeyPinShard,
  importKeyPins,
  MemoryKeyPins,
  onSeenKeyPinGenerations,
  rememberKeyPinGenerations,
  type Session,
  seenKeyPinGenerations,
} from "@notes/client";
import { keyPinShardOf, loadSodium } from "@notes/crypto";
import type { LocalDb } from "./local-db";

const SINGLE_COPY = "keyPins";
const SHARD_PREFIX = "keyPins/";
const GENERATIONS = "keyPinGenerations";

/** Gives `session` its pins with the stored ones; saves them on change. Answers stop(). */
export async function keepKeyPins(db: LocalDb, session: Session): Promise<() => void> {
  const sodium = await loadSodium();
  const pins = new MemoryKeyPins(session.keyPins?.all() ?? []);
  session.keyPins = pins;
  const { masterKey } = session;
  const dirty = new Set<number>();
  const single = await db.get("meta", SINGLE_COPY);
  if (single) {
    try {
      // A conflict cannot arise here: this store is the device's own, loaded first.
      importKeyPins(sodium, masterKey, single, pins);
      for (const pin of pins.all()) dirty.add(keyPinShardOf(pin.userId));
    } catch {
      // Sealed under another master key, or damaged: nothing of it is trusted.
    }
  }
  for (const key of await db.getAllKeys("meta")) {
    if (!key.startsWith(SHARD_PREFIX)) continue;
    const sealed = await db.get("meta", key);
    try {
      if (sealed)
        importKeyPinShard(sodium, masterKey, Number(key.slice(SHARD_PREFIX.length)), sealed, pins);
    } catch {
      // As above: trusted only if it opens under this account's key as this shard.
    }
  }
  const generations = await db.get("meta", GENERATIONS);
  if (generations) {
    try {
      rememberKeyPinGenerations(pins, JSON.parse(generations));
    } catch {
      // Damaged: this device only checks less until it sees the shards again.
    }
  }

  // Soon after each change, once for a burst (a sync merges thousands at once).
  // IndexedDB applies the puts in the order they were made, so the last one stored is
  // the newest.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generationsChanged = false;
  let migrating = single !== undefined;
  const save = () => {
    timer = undefined;
    const sealed = exportKeyPinShards(sodium, masterKey, pins, dirty);
    dirty.clear();
    for (const [shard, value] of sealed)
      void db.put("meta", value, `${SHARD_PREFIX}${shard}`).catch(() => undefined);
    if (generationsChanged) {
      generationsChanged = false;
      const seen = JSON.stringify(seenKeyPinGenerations(pins));
      void db.put("meta", seen, GENERATIONS).catch(() => undefined);
    }
    if (migrating) {
      migrating = false;
      void db.delete("meta", SINGLE_COPY).catch(() => undefined);
    }
  };
  const soon = () => {
    timer ??= setTimeout(save, 0);
  };
  if (dirty.size > 0) soon();
  const stopPins = pins.onChange((pin) => {
    dirty.add(keyPinShardOf(pin.userId));
    soon();
  });
  const stopGenerations = onSeenKeyPinGenerations(pins, () => {
    generationsChanged = true;
    soon();
  });
  return () => {
    stopPins();
    stopGenerations();
    if (timer !== undefined) {
      clearTimeout(timer);
      save();
    }
  };
}
