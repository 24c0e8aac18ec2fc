import { hkdfSync } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HKDF_LABELS, hkdfSha256 } from "./hkdf";

// Independent reference: OpenSSL's HKDF through node:crypto, empty salt, 32 bytes.
function nodeHkdf(ikm: Uint8Array, label: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", ikm, new Uint8Array(0), label, 32));
}

describe("hkdfSha256", () => {
  it("agrees with node:crypto for every §9 label", async () => {
    const ikm = Uint8Array.from({ length: 32 }, (_, i) => i);
    for (const label of Object.values(HKDF_LABELS)) {
      expect(await hkdfSha256(ikm, label)).toEqual(nodeHkdf(ikm, label));
    }
  });

  it("agrees with node:crypto on arbitrary inputs", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.string({ maxLength: 40 }),
        async (ikm, label) => {
          expect(await hkdfSha256(ikm, label)).toEqual(nodeHkdf(ikm, label));
        },
      ),
      { numRuns: 50 },
    );
  });
});
