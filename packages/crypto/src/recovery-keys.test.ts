import { describe, expect, it } from "vitest";
import { InvalidLength } from "./errors";
import { parseRecoveryCode } from "./recovery-code";
import { deriveRecoveryKeys } from "./recovery-keys";
import { b64, vectors } from "./test-vectors";

const v = vectors.recovery;

describe("deriveRecoveryKeys", () => {
  it("reproduces the vector from the raw key", async () => {
    const keys = await deriveRecoveryKeys(b64(v.recoveryKey));
    expect(keys.recoveryAuthKey).toEqual(b64(v.recoveryAuthKey));
    expect(keys.recoveryWrapKey).toEqual(b64(v.recoveryWrapKey));
  });

  it("reproduces the vector from the typed code", async () => {
    const keys = await deriveRecoveryKeys(parseRecoveryCode(v.code.toLowerCase()));
    expect(keys.recoveryWrapKey).toEqual(b64(v.recoveryWrapKey));
  });

  it("needs exactly 32 bytes", async () => {
    await expect(deriveRecoveryKeys(new Uint8Array(16))).rejects.toThrow(InvalidLength);
  });
});
