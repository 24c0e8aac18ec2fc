import { pbkdf2Sync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { InvalidKdfParameters } from "./errors";
import { pbkdf2Sha256 } from "./pbkdf2";
import { utf8Encode } from "./utf8";

describe("pbkdf2Sha256", () => {
  // Low iteration counts keep this fast; the 600,000-iteration vectors run in account-keys.test.ts.
  it.each([1, 2, 1000])("agrees with node:crypto at %i iterations", async (iterations) => {
    const password = utf8Encode("pässword");
    const salt = Uint8Array.from({ length: 16 }, (_, i) => 255 - i);
    const expected = new Uint8Array(pbkdf2Sync(password, salt, iterations, 32, "sha256"));
    expect(await pbkdf2Sha256(password, salt, iterations)).toEqual(expected);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses %d iterations", async (iterations) => {
    await expect(pbkdf2Sha256(new Uint8Array(1), new Uint8Array(16), iterations)).rejects.toThrow(
      InvalidKdfParameters,
    );
  });
});
