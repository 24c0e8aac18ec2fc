// Writes src/attachment-vectors.json: known-answer vectors for docs/client-crypto.md
// "Attachments" (file key wrap, sealed metadata with its padding, chunks with their
// associated data, Padmé lengths), computed with node:crypto and the written-out
// XChaCha20 of independent-primitives.mjs, independently of the libsodium code under
// test. Inputs are fixed, so a rerun reproduces the file byte for byte:
//   node packages/crypto/scripts/attachment-vectors.mjs
import { writeFileSync } from "node:fs";
import { xchachaSeal } from "./independent-primitives.mjs";

const bytes = (length, from) =>
  Buffer.from(Uint8Array.from({ length }, (_, i) => (from + i) & 0xff));
const b64 = (data) => Buffer.from(data).toString("base64");
const hex = (data) => Buffer.from(data).toString("hex");
const uuid = (id) => Buffer.from(id.replaceAll("-", ""), "hex");

const noteId = "0b5e7c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b";
const attachmentId = "7f0e1d2c-3b4a-4958-a796-857463524130";
const contentKey = bytes(32, 0x10);
const fileKey = bytes(32, 0x40);
const keyNonce = bytes(24, 0x70);
const metadataNonce = bytes(24, 0x90);
const chunkNonces = [bytes(24, 0xa0), bytes(24, 0xb8), bytes(24, 0xd0)];

function padme(length) {
  if (length < 2) return length;
  const e = Math.floor(Math.log2(length));
  const s = Math.floor(Math.log2(e)) + 1;
  const step = 2 ** (e - s);
  return Math.ceil(length / step) * step;
}

// File key wrap: AD = "notes/attachment-key/v1" ‖ note id (16) ‖ attachment id (16).
const keyAd = Buffer.concat([
  Buffer.from("notes/attachment-key/v1"),
  uuid(noteId),
  uuid(attachmentId),
]);
const wrappedKey = xchachaSeal(contentKey, keyNonce, fileKey, keyAd);

// Metadata: JSON in this member order, 7816-4 padded to a multiple of 256 bytes.
const chunkBytes = 4096;
const size = 9000;
const metadataJson = JSON.stringify({ name: "receipt.png", type: "image/png", size, chunkBytes });
const json = Buffer.from(metadataJson);
const padded = Buffer.alloc(Math.ceil((json.length + 1) / 256) * 256);
json.copy(padded);
padded[json.length] = 0x80;
const metadataAd = Buffer.concat([Buffer.from("notes/attachment-meta/v1"), uuid(attachmentId)]);
const metadata = xchachaSeal(fileKey, metadataNonce, padded, metadataAd);

// Content: 9000 bytes, Padmé-padded with zeros, cut into 4096-byte chunks.
const file = bytes(size, 0x00);
const paddedSize = padme(size);
const content = Buffer.alloc(paddedSize);
file.copy(content);
const chunkCount = Math.max(1, Math.ceil(paddedSize / chunkBytes));
const chunks = [];
for (let index = 0; index < chunkCount; index++) {
  const last = index === chunkCount - 1;
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(index, 0);
  tail[4] = last ? 1 : 0;
  const ad = Buffer.concat([Buffer.from("notes/attachment-chunk/v1"), uuid(attachmentId), tail]);
  const plaintext = content.subarray(
    index * chunkBytes,
    Math.min(paddedSize, (index + 1) * chunkBytes),
  );
  chunks.push({
    index,
    last,
    associatedDataHex: hex(ad),
    plaintextLength: plaintext.length,
    nonceHex: hex(chunkNonces[index]),
    sealed: b64(xchachaSeal(fileKey, chunkNonces[index], plaintext, ad)),
  });
}

const vectors = {
  description:
    "docs/client-crypto.md, Attachments. The file's bytes are byte i = i mod 256 for i < size; chunks cover the Padmé-padded bytes (zeros after size). Sealed values are Base64(nonce24 ‖ ciphertext ‖ tag16).",
  noteId,
  attachmentId,
  contentKey: b64(contentKey),
  fileKey: b64(fileKey),
  keyWrap: { associatedDataHex: hex(keyAd), nonceHex: hex(keyNonce), wrappedKey: b64(wrappedKey) },
  metadata: {
    json: metadataJson,
    paddedLength: padded.length,
    associatedDataHex: hex(metadataAd),
    nonceHex: hex(metadataNonce),
    sealed: b64(metadata),
  },
  content: {
    size,
    chunkBytes,
    paddedSize,
    chunkCount,
    sealedSize: paddedSize + 40 * chunkCount,
    chunks,
  },
  padme: [0, 1, 2, 9, 100, 1000, 9000, 65537, 1048577, 100_000_000, 1_073_741_824].map(
    (length) => ({
      length,
      padded: padme(length),
    }),
  ),
};
writeFileSync(
  new URL("../src/attachment-vectors.json", import.meta.url),
  `${JSON.stringify(vectors, null, 2)}\n`,
);
