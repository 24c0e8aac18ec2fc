// Signed content on the wire (issue 21): signature blocks beside the ciphertext they
// sign, and the account's signing public key. The server checks a block's length
// here and that it names the caller in core (shared/signature-block.ts); it never
// verifies a signature. Every field is optional: unsigned content stays valid.
import { SIGNATURE_BLOCK_BYTES, SIGNATURE_LENGTH_RULE, SIGNING_KEY_BYTES } from "@notes/core";
import { z } from "zod";
import { base64Bytes } from "./common";

const SCHEME = 'docs/client-crypto.md "Signed content"';
const SHAPE = `Base64, 80 bytes: the signer's account id, then an Ed25519 signature; ${SCHEME}`;

/** A signature block in a request: 80 bytes, or 400 with the length rule at its pointer. */
export const signatureIn = (signs: string) =>
  base64Bytes(
    SIGNATURE_BLOCK_BYTES,
    SIGNATURE_BLOCK_BYTES,
    `Signature block over ${signs} (${SHAPE}). The server checks only that it names the caller`,
    SIGNATURE_LENGTH_RULE,
  );

/** A stored signature block in a response. */
export const signatureOut = (signs: string) =>
  z.string().meta({
    format: "byte",
    description: `Signature block over ${signs} (${SHAPE}). The server checked only that it named its writer; clients verify it.`,
  });

/** Aligned with `updates`: each update's block, or null where it is unsigned. */
export const updateSignaturesOut = z.array(z.string().meta({ format: "byte" }).nullable()).meta({
  description: `Aligned with \`updates\`, one entry each: that update's signature block (${SHAPE}), or null when it is unsigned. Absent when no update here is signed.`,
});

export const signingPublicKeyIn = base64Bytes(
  SIGNING_KEY_BYTES,
  SIGNING_KEY_BYTES,
  `Base64 raw Ed25519 public key the account's clients sign content with (${SCHEME})`,
);

export const signingPublicKeyOut = z.string().meta({
  format: "byte",
  description: `The account's Ed25519 signing public key (Base64, 32 bytes; ${SCHEME}); absent until the account sets it. Clients pin it on first sight.`,
});

/** Field-error details of the rules that tie a block to what it signs. */
export const ONE_PER_UPDATE = "One signature per update, in the same order.";
export const METADATA_SIGNATURE_ALONE =
  "A metadata signature comes only with the metadata it signs.";
