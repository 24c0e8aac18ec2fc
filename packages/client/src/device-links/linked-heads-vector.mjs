// The known-answer vector of the seen heads a device-link seal carries (docs/client-crypto.md,
// "Seen heads in the device-link seal"; issue 33, item 12), laid out by hand with Buffer,
// apart from linked-heads.ts. linked-heads.test.ts holds what it prints; rerun to check:
//   node packages/client/src/device-links/linked-heads-vector.mjs
const heads = [
  {
    noteId: "7d444840-9dc0-11d1-b245-5ffdce74fad2",
    version: 1234567,
    snapshotVersion: 1234500,
    metadataRev: 9,
    deleted: false,
  },
  {
    noteId: "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d",
    version: 3,
    snapshotVersion: 0,
    metadataRev: 0,
    deleted: true,
  },
];
const uuidBytes = (id) => Buffer.from(id.replaceAll("-", ""), "hex");
const u32 = (n) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const sorted = [...heads].sort((a, b) => (a.noteId < b.noteId ? -1 : 1));
const bytes = Buffer.concat(
  sorted.map((h) =>
    Buffer.concat([
      uuidBytes(h.noteId),
      u32(h.version),
      u32(h.snapshotVersion),
      u32(h.metadataRev),
      Buffer.of(h.deleted ? 1 : 0),
    ]),
  ),
);
console.log(
  JSON.stringify({ heads, hex: bytes.toString("hex"), base64: bytes.toString("base64") }, null, 2),
);
