import { describe, expect, it, vi } from "vitest";
import { bridgeMemoryKey, openBridgeMemory } from "./bridge-memory-store";
import { testSession } from "./test-session";

/** localStorage's two calls over a Map. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
  };
}

describe("bridge memory store", () => {
  it("item 1: keeps the epoch a member speaks under across a reload, sealed", async () => {
    const storage = memoryStorage();
    const session = await testSession();
    const before = await openBridgeMemory(session, storage);
    before.adopt({ epochId: "epoch-seven", number: 7 });
    before.vouch("00000000-0000-4000-8000-0000000000b1");
    const name = bridgeMemoryKey(session.account.id);
    const stored = await vi.waitFor(() => {
      const value = storage.items.get(name);
      if (!value?.length) throw new Error("not saved yet");
      return value;
    }, 5_000);
    await vi.waitFor(async () => {
      const after = await openBridgeMemory(session, storage);
      expect(after.current()).toEqual({ epochId: "epoch-seven", number: 7 });
      expect(after.isVouched("00000000-0000-4000-8000-0000000000b1")).toBe(true);
    }, 5_000);
    expect(stored).not.toContain("epoch-seven");
  });

  it("starts afresh from a copy it cannot open, and from another account's", async () => {
    const storage = memoryStorage();
    const session = await testSession();
    storage.setItem(bridgeMemoryKey(session.account.id), "not a sealed copy");
    expect((await openBridgeMemory(session, storage)).current()).toBeUndefined();
    const other = { ...session, masterKey: new Uint8Array(32).fill(9) };
    const theirs = await openBridgeMemory(other, storage);
    theirs.adopt({ epochId: "theirs", number: 3 });
    await vi.waitFor(() => {
      if (storage.items.get(bridgeMemoryKey(session.account.id)) === "not a sealed copy")
        throw new Error("not saved yet");
    }, 5_000);
    // Sealed under another master key: it opens for that key only.
    expect((await openBridgeMemory(session, storage)).current()).toBeUndefined();
    expect((await openBridgeMemory(other, storage)).current()).toEqual({
      epochId: "theirs",
      number: 3,
    });
  });
});
