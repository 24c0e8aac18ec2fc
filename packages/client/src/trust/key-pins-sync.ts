// Carrying pins between the account's devices through the server (docs/client-crypto.md,
// "Pinned keys", Syncing): read the sealed pins (`GET /v1/account/key-pins`), merge
// them in (importKeyPins: new people are pinned, a verification made on either side
// counts, a different key is kept out and reported), and write back only when this
// device holds something the stored copy lacks, held to the version read (If-Match);
// when another device wrote in between (412), read and merge again.
//
// The server can withhold or replay an older copy, which only delays what another
// device pinned; it can neither read the pins nor alter one (the envelope is sealed
// under the master key, with associated data "notes/key-pins/v1").
import { loadSodium, openKeyPins, sealKeyPins } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { Session } from "../vault/session";
import type { PinnedKey } from "./key-pins";
import { type KeyPinConflict, mergeKeyPins, mergePin } from "./key-pins-storage";
import { keyPinsOf } from "./pin-check";

export interface KeyPinsSyncResult {
  /** People another device pinned with a different key: this device kept its own. */
  conflicts: KeyPinConflict[];
  /** The stored version after the sync. */
  version: number;
  /** Whether this device wrote (it held pins or verifications the stored copy lacked). */
  wrote: boolean;
}

const ATTEMPTS = 4;

export async function syncKeyPins(api: ApiClient, session: Session): Promise<KeyPinsSyncResult> {
  const sodium = await loadSodium();
  const pins = keyPinsOf(session);
  for (let attempt = 1; ; attempt++) {
    const read = await api.send("account.keyPins", {});
    const stored = read.body.sealed ? openKeyPins(sodium, session.masterKey, read.body.sealed) : [];
    const conflicts = mergeKeyPins(stored, pins);
    const next = toStore(stored, pins.all());
    if (!next) return { conflicts, version: read.body.version, wrote: false };
    try {
      const written = await api.call(
        "account.replaceKeyPins",
        { sealed: sealKeyPins(sodium, session.masterKey, next) },
        { headers: { "If-Match": read.headers.get("etag") ?? `"pins-${read.body.version}"` } },
      );
      return { conflicts, version: written.version, wrote: true };
    } catch (error) {
      if (attempt >= ATTEMPTS || !isProblem(error, "precondition-failed")) throw error;
    }
  }
}

/**
 * What to store after merging, or undefined when the stored copy already holds
 * everything this device knows. A person pinned here with a key other than the
 * stored one keeps the stored pin: one device saw a substituted key, and neither
 * overwrites the other (both report the conflict).
 */
function toStore(
  stored: readonly PinnedKey[],
  local: readonly PinnedKey[],
): PinnedKey[] | undefined {
  const byUser = new Map(stored.map((pin) => [pin.userId, pin]));
  let changed = false;
  for (const pin of local) {
    const held = byUser.get(pin.userId);
    const merged = held ? mergePin(held, pin) : pin;
    if (merged && merged !== "conflict") {
      byUser.set(pin.userId, merged);
      changed = true;
    }
  }
  return changed ? [...byUser.values()] : undefined;
}
