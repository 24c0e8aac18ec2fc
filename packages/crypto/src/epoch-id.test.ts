import { describe, expect, it } from "vitest";
import { deriveEpochId } from "./epoch-id";
import { InvalidLength } from "./errors";
import { loadSodium } from "./sodium";
import { b64, vectors } from "./test-vectors";

const sodium = await loadSodium();

describe("deriveEpochId", () => {
  it.each(vectors.epochId)("reproduces $epochId", ({ key, epochId }) => {
    expect(deriveEpochId(sodium, b64(key))).toBe(epochId);
  });

  it("is 22 url-safe characters", () => {
    expect(deriveEpochId(sodium, new Uint8Array(32))).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("needs a 32-byte key", () => {
    expect(() => deriveEpochId(sodium, new Uint8Array(16))).toThrow(InvalidLength);
  });
});
