// What this browser remembers of the bridge (issue 33, items 1, 2 and 5: the SDK's
// BridgeMemory): the epoch it speaks under and its number, the epochs it trusts, whom
// it hands the key to unasked, and who signs. Without it a reload would forget, and a
// lying server would only have to wait for one to name a retired epoch again. Kept per
// account in localStorage (the bridge page has no IndexedDB handle of its own), sealed
// under HKDF(masterKey, "notes-web/local-bridge-state/v1") as this app's other local
// blobs are; a copy that does not open or parse is ignored, as on a new device.
import { MemoryBridgeMemory, type Session } from "@notes/client";
import { hkdfSha256 } from "@notes/crypto";
import { openLocalJson, sealLocalJson } from "./local-seal";

export const BRIDGE_MEMORY_LABEL = "notes-web/local-bridge-state/v1";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

export const bridgeMemoryKey = (accountId: string) => `notes.bridge.${accountId.toLowerCase()}`;

/** The account's bridge memory as last saved here; every change is saved, in order. */
export async function openBridgeMemory(
  session: Pick<Session, "masterKey" | "account">,
  storage: Storage | undefined = globalThis.localStorage,
): Promise<MemoryBridgeMemory> {
  const key = await hkdfSha256(session.masterKey, BRIDGE_MEMORY_LABEL);
  const name = bridgeMemoryKey(session.account.id);
  const stored = storage?.getItem(name);
  const memory = MemoryBridgeMemory.from(stored ? await openLocalJson(key, stored) : undefined);
  let saving = Promise.resolve();
  memory.onChange(() => {
    saving = saving
      .then(() => sealLocalJson(key, memory.toJSON()))
      .then((sealed) => storage?.setItem(name, sealed))
      .catch(() => undefined);
  });
  return memory;
}
