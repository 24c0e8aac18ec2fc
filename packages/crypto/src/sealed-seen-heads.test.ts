// The account's sealed seen heads against the independent vector (seen-heads-vectors.json,
// written by scripts/seen-heads-vectors.mjs with node:crypto's HKDF and ChaCha20-Poly1305),
// and what keeps a copy bound to its key, its account and its counter.
import { describe, expect, it } from "vitest";
import { fromBase64 } from "./base64";
import { DecryptionFailed } from "./errors";
import {
  deriveSeenHeadsKey,
  openSeenHeads,
  sealSeenHeads,
  seenHeadsAssociatedData,
} from "./sealed-seen-heads";
import vectors from "./seen-heads-vectors.json";
import { loadSodium } from "./sodium";

const sodium = await loadSodium();
const v = vectors.seenHeads;
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const fromHex = (text: string) => new Uint8Array(Buffer.from(text, "hex"));
const heads = fromHex(v.plaintext);

describe("the account's sealed seen heads", () => {
  it("reproduces the vector: HKDF key, account ‖ counter as associated data, the sealed bytes", async () => {
    const key = await deriveSeenHeadsKey(fromBase64(v.masterKey));
    expect(hex(key)).toBe(v.key);
    expect(hex(seenHeadsAssociatedData(v.accountId, v.counter))).toBe(v.associatedData);
    const sealed = sealSeenHeads(sodium, key, v.accountId, v.counter, heads, fromHex(v.nonce));
    expect(Buffer.from(sealed).toString("base64")).toBe(v.sealed);
    expect(hex(openSeenHeads(sodium, key, v.accountId, v.counter, fromBase64(v.sealed)))).toBe(
      v.plaintext,
    );
  });

  it("does not open under another counter, another account or the master key itself", async () => {
    const key = await deriveSeenHeadsKey(fromBase64(v.masterKey));
    const sealed = fromBase64(v.sealed);
    const other = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";
    expect(() => openSeenHeads(sodium, key, v.accountId, v.counter - 1, sealed)).toThrow(
      DecryptionFailed,
    );
    expect(() => openSeenHeads(sodium, key, other, v.counter, sealed)).toThrow(DecryptionFailed);
    expect(() =>
      openSeenHeads(sodium, fromBase64(v.masterKey), v.accountId, v.counter, sealed),
    ).toThrow(DecryptionFailed);
  });

  it("seals whole heads only, under a positive counter", async () => {
    const key = await deriveSeenHeadsKey(fromBase64(v.masterKey));
    expect(() => sealSeenHeads(sodium, key, v.accountId, 1, heads.subarray(1))).toThrow(RangeError);
    expect(() => sealSeenHeads(sodium, key, v.accountId, 0, heads)).toThrow(RangeError);
  });
});
