// The signed deletion against its known answer (deletion-signature-vector.mjs: node:crypto's
// Ed25519 and a BLAKE2b written out, cross-checked with Python's hashlib and
// cryptography), and the bindings a device relies on: another note, version, signer or
// kind of signature does not pass for a deletion.
import { fromBase64, loadSodium, signContent, toBase64 } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import {
  DELETION_KIND,
  deletionMessage,
  deletionSigner,
  signDeletion,
  verifyDeletion,
} from "./deletion-signature";

const sodium = await loadSodium();
const vector = {
  seed: "QkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkI=",
  noteId: "7d444840-9dc0-11d1-b245-5ffdce74fad2",
  signerId: "00000000-0000-4000-8000-0000000000a1",
  version: 1234567,
  messageHex:
    "6e6f7465732f7369676e61747572652f7631077d4448409dc011d1b2455ffdce74fad200000000000000000000000000000000000000000000400080000000000000a111c2570c2c3dedfef6f0c4964198548d6948f5632311c7f7e2b5c862c236c347",
  signatureBlock:
    "AAAAAAAAQACAAAAAAAAAoQS3EL1fjJZmTaTClNZZPGqONVhtuElNqcGV+Kpu36IBgqf9w1Jnm3qE8/MtywAggdZn7mgoF+AxRCEajwt4SQM=",
};
const keys = sodium.crypto_sign_seed_keypair(fromBase64(vector.seed));
const signer = { userId: vector.signerId, secretKey: keys.privateKey };
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("signed deletion", () => {
  it("reproduces the vector: the 99-byte message and the 80-byte block", () => {
    const message = deletionMessage(sodium, vector.noteId, vector.signerId, vector.version);
    expect(message.length).toBe(99);
    expect(message[18]).toBe(DELETION_KIND);
    expect(hex(message)).toBe(vector.messageHex);
    expect(signDeletion(sodium, signer, vector.noteId, vector.version)).toBe(vector.signatureBlock);
    expect(deletionSigner(vector.signatureBlock)).toBe(vector.signerId);
  });

  it("verifies only for its note, version and signer's key", () => {
    const ok = (noteId = vector.noteId, version = vector.version, key = keys.publicKey) =>
      verifyDeletion(sodium, key, vector.signatureBlock, noteId, version);
    expect(ok()).toBe(true);
    expect(ok("7d444840-9dc0-11d1-b245-5ffdce74fad3")).toBe(false);
    expect(ok(vector.noteId, vector.version - 1)).toBe(false);
    const other = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(0x55));
    expect(ok(vector.noteId, vector.version, other.publicKey)).toBe(false);
  });

  it("is never a signature of content, nor the other way round (its own kind byte)", () => {
    // A metadata signature over bytes that happen to be the version's, same note: no pass.
    const body = new Uint8Array(8);
    new DataView(body.buffer).setBigUint64(0, BigInt(vector.version));
    const content = signContent(
      sodium,
      signer,
      { kind: "metadata", scope: vector.noteId, key: new Uint8Array(32) },
      body,
    );
    expect(verifyDeletion(sodium, keys.publicKey, content, vector.noteId, vector.version)).toBe(
      false,
    );
  });

  it("treats a malformed block as not valid, without throwing", () => {
    for (const block of ["", "not base64!", toBase64(new Uint8Array(79))])
      expect(verifyDeletion(sodium, keys.publicKey, block, vector.noteId, 1)).toBe(false);
    expect(deletionSigner("short")).toBeUndefined();
    expect(() => deletionMessage(sodium, vector.noteId, vector.signerId, -1)).toThrow(RangeError);
  });
});
