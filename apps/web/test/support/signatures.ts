// Signed content as a client sends it (issue 21): a signature block is the signer's
// account id as 16 raw uuid bytes, then a 64-byte Ed25519 signature. The server never
// verifies the signature, so random bytes stand in for it; only the signer is real.
import { randomBytes } from "node:crypto";
import { b64 } from "./accounts";

export const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex");

/** A well-formed block naming `accountId` (`bytes` long, 80 unless testing the rule). */
export const signedBy = (accountId: string, bytes = 80) =>
  b64(
    Buffer.concat([uuidBytes(accountId), randomBytes(Math.max(bytes - 16, 0))]).subarray(0, bytes),
  );

/** A signing public key (32 bytes, or another length to test the rule). */
export const signingKey = (bytes = 32) => b64(randomBytes(bytes));

export const LENGTH_RULE =
  "A signature block is 80 bytes: the signer's id and an Ed25519 signature.";
export const SIGNER_RULE = "A signature must name the caller as its signer.";

/** The field errors of a problem, by pointer. */
export const fieldErrors = (body: Record<string, unknown>) =>
  Object.fromEntries(
    ((body.errors as { pointer: string; detail: string }[] | undefined) ?? []).map((e) => [
      e.pointer,
      e.detail,
    ]),
  );
