// The account's seen heads end to end against the independent vector
// (packages/crypto/src/seen-heads-vectors.json): the heads this SDK encodes are the
// vector's plaintext, its seal opens to them, and the log leaf's digest and commitment
// over the sealed bytes are the vector's (docs/client-crypto.md, "The account's seen heads").
import { deriveSeenHeadsKey, fromBase64, loadSodium, openSeenHeads } from "@notes/crypto";
import { fromHex, seenHeadsCommitment, seenHeadsDigest, toHex } from "@notes/keytrans";
import { describe, expect, it } from "vitest";
import vectors from "../../../crypto/src/seen-heads-vectors.json";
import { decodeHeadBytes, encodeHeadBytes } from "../device-links/linked-heads";

const v = vectors.seenHeads;
const AT = "2026-11-28T10:00:00.000Z";

describe("the account's seen heads against the vector", () => {
  it("encodes the vector's heads, opens its seal to them, and commits to it as the log does", async () => {
    const states = v.heads.map((h) => ({
      noteId: h.noteId,
      version: h.version,
      snapshotVersion: h.snapshotVersion,
      ...(h.metadataRev > 0 && { metadataRev: h.metadataRev }),
      ...(h.deleted && { left: { at: AT, confirmed: true } }),
    }));
    expect(toHex(encodeHeadBytes(states))).toBe(v.plaintext);
    const key = await deriveSeenHeadsKey(fromBase64(v.masterKey));
    const sealed = fromBase64(v.sealed);
    const opened = openSeenHeads(await loadSodium(), key, v.accountId, v.counter, sealed);
    expect(decodeHeadBytes(opened, AT)).toEqual(states);
    const digest = seenHeadsDigest(sealed);
    expect(toHex(digest)).toBe(vectors.logLeaf.digest);
    const commitment = seenHeadsCommitment(v.accountId, fromHex(vectors.logLeaf.opening), {
      counter: v.counter,
      digest,
    });
    expect(toHex(commitment)).toBe(vectors.logLeaf.commitment);
  });
});
