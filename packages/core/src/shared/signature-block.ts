// Signature blocks (issue 21, signed content): 80 bytes, the signer's account id as
// its 16 raw uuid bytes, then a 64-byte Ed25519 signature over content the client
// sealed. The server holds no plaintext and stays untrusted, so it never verifies a
// signature; it stores blocks beside the ciphertext and checks one thing on every
// write: that a block names the caller, so no writer can file content under someone
// else's name. Blocks are not ciphertext and count in no usage or ceiling.
import { invalidRequest } from "../errors";

export const SIGNATURE_BLOCK_BYTES = 80;

/** The rules a block can break, as field-error details (the API checks the length). */
export const SIGNATURE_LENGTH_RULE =
  "A signature block is 80 bytes: the signer's id and an Ed25519 signature.";
export const SIGNER_RULE = "A signature must name the caller as its signer.";

/** The signer field of a block made by `accountId`: the uuid's hex digits, in order. */
export const signerBytes = (accountId: string): Buffer =>
  Buffer.from(accountId.replace(/-/g, ""), "hex");

/** A request member that may carry a block: its RFC 6901 pointer and the block, if any. */
export type SignedMember = readonly [pointer: string, block: Uint8Array | null | undefined];

/** Throws invalid-request, one error per member, when any block names someone else. */
export function requireCallerSigned(accountId: string, members: readonly SignedMember[]): void {
  const signer = signerBytes(accountId);
  const errors = members
    .filter(([, block]) => block && !signer.equals(block.subarray(0, signer.length)))
    .map(([pointer]) => ({ pointer, detail: SIGNER_RULE }));
  if (errors.length > 0) throw invalidRequest(errors, SIGNER_RULE);
}

/** The same for an array member: entry i points at `${pointer}/${i}`. */
export const eachSigned = (
  pointer: string,
  blocks: readonly Uint8Array[] | null | undefined,
): SignedMember[] => (blocks ?? []).map((block, i) => [`${pointer}/${i}`, block] as const);
