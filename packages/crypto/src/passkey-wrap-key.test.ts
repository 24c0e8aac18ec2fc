import { describe, expect, it } from "vitest";
import { derivePasskeyWrapKey } from "./passkey-wrap-key";
import { b64, vectors } from "./test-vectors";

describe("derivePasskeyWrapKey", () => {
  it("reproduces the vector", async () => {
    const v = vectors.passkey;
    expect(await derivePasskeyWrapKey(b64(v.prfOutput))).toEqual(b64(v.passkeyWrapKey));
  });
});
