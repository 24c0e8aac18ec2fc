// Writes src/key-pin-shard-vectors.json: the known-answer vector of a sealed key pin
// shard (issue 33; docs/client-crypto.md, "Pinned keys in shards"), with the bytes laid
// out here by hand from the document and XChaCha20-Poly1305 built from node:crypto's
// ChaCha20-Poly1305 (HChaCha20 written out), independently of the libsodium code under
// test. Inputs are fixed, so a rerun reproduces the file byte for byte:
//   node packages/crypto/scripts/key-pin-shard-vectors.mjs
import { writeFileSync } from "node:fs";
import { xchachaSeal } from "./independent-primitives.mjs";

const bytes = (length, from) => Uint8Array.from({ length }, (_, i) => (from + i) & 0xff);
const b64 = (data) => Buffer.from(data).toString("base64");
const hex = (data) => Buffer.from(data).toString("hex");
const u32 = (n) => Buffer.from([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
const id = (uuid) => Buffer.from(uuid.replaceAll("-", ""), "hex");

// Shard 0x7d (125): two pins, the first with a signing key and verified. Generation 3;
// the map names shards 0, 125 and 255 as holding pins.
const SHARD = 0x7d;
const pins = [
  {
    userId: "7d000000-0000-4000-8000-00000000000a",
    publicKey: bytes(32, 0x10),
    signingPublicKey: bytes(32, 0x90),
    verified: true,
  },
  { userId: "7d000000-0000-4000-8000-00000000000b", publicKey: bytes(32, 0x40), verified: false },
];
const map = Buffer.alloc(32);
for (const n of [0, SHARD, 255]) map[n >> 3] |= 1 << (n & 7);
const plaintext = Buffer.concat([
  Buffer.from([1, SHARD]),
  u32(3),
  map,
  u32(pins.length),
  ...pins.flatMap((p) => [
    id(p.userId),
    Buffer.from([(p.verified ? 1 : 0) | (p.signingPublicKey ? 2 : 0)]),
    p.publicKey,
    ...(p.signingPublicKey ? [p.signingPublicKey] : []),
  ]),
]);
const associatedData = Buffer.concat([
  Buffer.from("notes/key-pins/shard/v1", "ascii"),
  Buffer.from([SHARD]),
]);
const masterKey = bytes(32, 0x02);
const nonce = Buffer.from(bytes(24, 0x60));
const sealed = xchachaSeal(masterKey, nonce, plaintext, associatedData);

const vectors = {
  keyPinShard: {
    shard: SHARD,
    generation: 3,
    held: [0, SHARD, 255],
    pins: pins.map((p) => ({
      userId: p.userId,
      publicKey: b64(p.publicKey),
      ...(p.signingPublicKey && { signingPublicKey: b64(p.signingPublicKey) }),
      verified: p.verified,
    })),
    masterKey: b64(masterKey),
    nonce: b64(nonce),
    associatedData: hex(associatedData),
    plaintext: hex(plaintext),
    sealed: b64(sealed),
  },
};

const target = new URL("../src/key-pin-shard-vectors.json", import.meta.url);
// Short number arrays on one line, as the repository's formatter writes them.
const text = JSON.stringify(vectors, null, 2).replace(
  /\[\s*(\d+(?:,\s*\d+)*)\s*\]/g,
  (_, items) => `[${items.split(/,\s*/).join(", ")}]`,
);
writeFileSync(target, `${text}\n`);
