// What a device remembers of the bridge: the current epoch only moves up (number, then
// epochId), survives a round trip through JSON, and anything of another shape is left
// out rather than trusted.
import { describe, expect, it } from "vitest";
import { isAbove, MemoryBridgeMemory } from "./bridge-memory";

const ALICE = "00000000-0000-4000-8000-0000000000A1";

describe("MemoryBridgeMemory", () => {
  it("adopts only an epoch above the current one, by number then epochId", () => {
    const memory = new MemoryBridgeMemory();
    expect(memory.adopt({ epochId: "b", number: 2 })).toBe(true);
    expect(memory.adopt({ epochId: "z", number: 1 })).toBe(false);
    expect(memory.adopt({ epochId: "a", number: 2 })).toBe(false);
    expect(memory.adopt({ epochId: "c", number: 2 })).toBe(true);
    expect(memory.current()).toEqual({ epochId: "c", number: 2 });
    expect(memory.isTrusted("b") && memory.isTrusted("c") && !memory.isTrusted("z")).toBe(true);
    expect(isAbove({ epochId: "a", number: 3 }, undefined)).toBe(true);
  });

  it("round-trips through JSON and tells whoever listens of each change", () => {
    const memory = new MemoryBridgeMemory();
    let changes = 0;
    memory.onChange(() => changes++);
    memory.adopt({ epochId: "e1", number: 4 });
    memory.vouch(ALICE);
    memory.vouch(ALICE);
    memory.addSigner(ALICE);
    expect(changes).toBe(3);
    const restored = MemoryBridgeMemory.from(JSON.parse(JSON.stringify(memory.toJSON())));
    expect(restored.toJSON()).toEqual(memory.toJSON());
    expect(restored.isVouched(ALICE.toLowerCase()) && restored.isSigner(ALICE)).toBe(true);
  });

  it("leaves out what is not of its shape", () => {
    const read = MemoryBridgeMemory.from({
      current: { epochId: 5, number: "9" },
      vouched: [1, "x"],
    });
    expect(read.toJSON()).toEqual({ version: 1, trusted: [], vouched: ["x"], signers: [] });
    expect(MemoryBridgeMemory.from(null).current()).toBeUndefined();
  });
});
