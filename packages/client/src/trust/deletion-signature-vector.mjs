// The known-answer vector of a signed deletion (docs/client-crypto.md, "Signed
// deletion"; issue 33, item 3), computed without libsodium: node:crypto's Ed25519
// (OpenSSL) and the BLAKE2b written out in packages/crypto/scripts/independent-primitives.mjs
// (RFC 7693). deletion-signature.test.ts holds
// what it prints; rerun to check:
//   node packages/client/src/trust/deletion-signature-vector.mjs
import { createPrivateKey, sign } from "node:crypto";
import { blake2b } from "../../../crypto/scripts/independent-primitives.mjs";

const b64 = (data) => Buffer.from(data).toString("base64");
const hex = (data) => Buffer.from(data).toString("hex");

const seed = Buffer.alloc(32, 0x42);
const noteId = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const signerId = "00000000-0000-4000-8000-0000000000a1";
const version = 1234567;
const uuidBytes = (id) => Buffer.from(id.replaceAll("-", ""), "hex");
const counter = Buffer.alloc(8);
counter.writeBigUInt64BE(BigInt(version));

const message = Buffer.concat([
  Buffer.from("notes/signature/v1", "ascii"),
  Buffer.of(7),
  uuidBytes(noteId),
  Buffer.alloc(16),
  uuidBytes(signerId),
  blake2b(counter, 32),
]);
const pkcs8 = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
const privateKey = createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" });
const block = Buffer.concat([uuidBytes(signerId), sign(null, message, privateKey)]);

console.log(
  JSON.stringify(
    {
      seed: b64(seed),
      noteId,
      signerId,
      version,
      messageHex: hex(message),
      signatureBlock: b64(block),
    },
    null,
    2,
  ),
);
