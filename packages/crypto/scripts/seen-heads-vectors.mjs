// Writes src/seen-heads-vectors.json: the known-answer vector of the account's sealed
// seen heads (issue 33, item 12; docs/client-crypto.md, "The account's seen heads"): the
// key from node:crypto's HKDF, the associated data and the 29-byte heads laid out here by
// hand, XChaCha20-Poly1305 built from node:crypto's ChaCha20-Poly1305 (HChaCha20 written
// out), and the key-transparency leaf's digest (BLAKE2b written out) and commitment
// (node:crypto's SHA-256), independently of the code under test. Inputs are fixed, so a
// rerun reproduces the file byte for byte:
//   node packages/crypto/scripts/seen-heads-vectors.mjs
import { createHash, hkdfSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import { blake2b, xchachaSeal } from "./independent-primitives.mjs";

const bytes = (length, from) => Uint8Array.from({ length }, (_, i) => (from + i) & 0xff);
const hex = (data) => Buffer.from(data).toString("hex");
const b64 = (data) => Buffer.from(data).toString("base64");
const u32 = (n) => Buffer.from([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
const u64 = (n) => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(n));
  return out;
};
const id = (uuid) => Buffer.from(uuid.replaceAll("-", ""), "hex");

const ACCOUNT = "5f0c6a1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b";
const COUNTER = 5;
// The device-link vector's two heads, sorted by note id: a note deleted by its owner at
// version 3, and a note at version 1234567, snapshot 1234500, metadata revision 9.
const heads = [
  {
    noteId: "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d",
    version: 3,
    snapshotVersion: 0,
    metadataRev: 0,
    deleted: true,
  },
  {
    noteId: "7d444840-9dc0-11d1-b245-5ffdce74fad2",
    version: 1234567,
    snapshotVersion: 1234500,
    metadataRev: 9,
    deleted: false,
  },
];
const plaintext = Buffer.concat(
  heads.flatMap((h) => [
    id(h.noteId),
    u32(h.version),
    u32(h.snapshotVersion),
    u32(h.metadataRev),
    Buffer.from([h.deleted ? 1 : 0]),
  ]),
);
const masterKey = bytes(32, 0x02);
const key = Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), "notes/seen-heads/v1", 32));
const associatedData = Buffer.concat([id(ACCOUNT), u64(COUNTER)]);
const nonce = Buffer.from(bytes(24, 0x30));
const sealed = Buffer.from(xchachaSeal(key, nonce, plaintext, associatedData));
const digest = Buffer.from(blake2b(sealed, 32));
const opening = Buffer.from(bytes(16, 0xa0));
const value = Buffer.concat([u64(COUNTER), digest]);
const commitment = createHash("sha256")
  .update(
    Buffer.concat([Buffer.from("notes/kt/seen-commit/v1", "ascii"), opening, id(ACCOUNT), value]),
  )
  .digest();

const vectors = {
  seenHeads: {
    accountId: ACCOUNT,
    counter: COUNTER,
    heads,
    masterKey: b64(masterKey),
    key: hex(key),
    associatedData: hex(associatedData),
    plaintext: hex(plaintext),
    nonce: hex(nonce),
    sealed: b64(sealed),
  },
  logLeaf: {
    vrfInput: hex(Buffer.concat([Buffer.from("notes/kt/seen/v1", "ascii"), id(ACCOUNT)])),
    digest: hex(digest),
    opening: hex(opening),
    value: hex(value),
    commitment: hex(commitment),
  },
};

const target = new URL("../src/seen-heads-vectors.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(vectors, null, 2)}\n`);
