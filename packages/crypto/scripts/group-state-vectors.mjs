// Known-answer vectors for the signed group state (issue 33; docs/client-crypto.md, "The
// signed group state"): key handouts and roster chain entries. Computed independently of
// packages/crypto's libsodium code: the bytes are laid out here by hand from the document,
// Ed25519 and BLAKE2b come from @noble/curves and @noble/hashes.
// Run: node packages/crypto/scripts/group-state-vectors.mjs (writes src/group-state-vectors.json).
import { writeFileSync } from "node:fs";
import { ed25519 } from "@noble/curves/ed25519.js";
import { blake2b } from "@noble/hashes/blake2.js";

const hex = (b) => Buffer.from(b).toString("hex");
const b64 = (b) => Buffer.from(b).toString("base64");
const ascii = (s) => Buffer.from(s, "ascii");
const id = (uuid) => Buffer.from(uuid.replaceAll("-", ""), "hex");
const be32 = (n) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const be16 = (n) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const h32 = (bytes) => blake2b(bytes, { dkLen: 32 });
const fill = (n, f) => Uint8Array.from({ length: n }, (_, i) => f(i));

const owner = {
  userId: "00000000-0000-4000-8000-00000000000a",
  seed: fill(32, (i) => i + 1),
  publicKey: fill(32, (i) => 0x40 + i),
};
owner.signingPublicKey = ed25519.getPublicKey(owner.seed);
const bob = {
  userId: "00000000-0000-4000-8000-00000000000b",
  publicKey: fill(32, (i) => 0x80 + i),
  signingPublicKey: fill(32, (i) => 0xa0 + i),
};
const carol = {
  userId: "00000000-0000-4000-8000-00000000000c",
  publicKey: fill(32, (i) => 0xc0 + i),
};
const noteId = "11111111-2222-4333-8444-555555555555";
const cek = fill(32, (i) => 0x10 + i);
const keyId = h32(cek).subarray(0, 16);
const block = (signerId, message) =>
  Buffer.concat([id(signerId), ed25519.sign(message, owner.seed)]);

// A key handout: the owner hands Bob the content key at roster epoch 1.
const wrappedCek = b64(fill(80, (i) => (i * 7) & 0xff));
const handoutMessage = Buffer.concat([
  ascii("notes/key-handout/v1"),
  id(noteId),
  be32(1),
  keyId,
  id(bob.userId),
  bob.publicKey,
  h32(Buffer.from(wrappedCek, "base64")),
]);

// Roster entries: epoch 0 (the owner alone, at creation), then epoch 1 (Bob editor, Carol viewer).
const ROLE = { owner: 1, editor: 2, viewer: 3 };
const keysOf = (p) =>
  h32(p.signingPublicKey ? Buffer.concat([p.publicKey, p.signingPublicKey]) : p.publicKey);
const entry = (epoch, prev, members) => {
  const sorted = [...members].sort((a, b) => (a.person.userId < b.person.userId ? -1 : 1));
  const message = Buffer.concat([
    ascii("notes/roster/v1"),
    id(noteId),
    be32(epoch),
    prev,
    keyId,
    be16(sorted.length),
    ...sorted.flatMap((m) => [id(m.person.userId), Buffer.of(ROLE[m.role]), keysOf(m.person)]),
  ]);
  return Buffer.concat([message, block(owner.userId, message)]);
};
const genesis = entry(0, Buffer.alloc(32), [{ person: owner, role: "owner" }]);
const second = entry(1, h32(genesis), [
  { person: owner, role: "owner" },
  { person: carol, role: "viewer" },
  { person: bob, role: "editor" },
]);

const person = (p) => ({
  userId: p.userId,
  publicKey: b64(p.publicKey),
  ...(p.signingPublicKey && { signingPublicKey: b64(p.signingPublicKey) }),
});
const vectors = {
  description:
    "Signed group state (docs/client-crypto.md). Ed25519 (RFC 8032) and BLAKE2b-256 from @noble; bytes laid out by hand.",
  owner: { ...person(owner), signingSeed: hex(owner.seed) },
  bob: person(bob),
  carol: person(carol),
  noteId,
  contentKey: hex(cek),
  keyId: hex(keyId),
  handout: {
    epoch: 1,
    recipientId: bob.userId,
    wrappedCek,
    message: hex(handoutMessage),
    block: b64(block(owner.userId, handoutMessage)),
  },
  rosterEntries: [
    {
      epoch: 0,
      members: [{ userId: owner.userId, role: "owner", keys: hex(keysOf(owner)) }],
      wire: b64(genesis),
      hash: hex(h32(genesis)),
    },
    {
      epoch: 1,
      members: [
        { userId: owner.userId, role: "owner", keys: hex(keysOf(owner)) },
        { userId: bob.userId, role: "editor", keys: hex(keysOf(bob)) },
        { userId: carol.userId, role: "viewer", keys: hex(keysOf(carol)) },
      ],
      wire: b64(second),
      hash: hex(h32(second)),
    },
  ],
};
writeFileSync(
  new URL("../src/group-state-vectors.json", import.meta.url),
  `${JSON.stringify(vectors, null, 2)}\n`,
);
console.log("wrote src/group-state-vectors.json");
