// The signed group state on the wire (issue 33; docs/client-crypto.md, "The signed group
// state"): key handouts beside wraps, and the entries of a note's membership chain. The
// server stores them opaque, checks only that they name the caller as signer, and never
// verifies a signature; every field is optional, so clients that ignore them keep working.
import { SIGNATURE_BLOCK_BYTES, SIGNATURE_LENGTH_RULE } from "@notes/core";
import { z } from "zod";
import { base64Bytes } from "./common";

const SCHEME = 'docs/client-crypto.md "The signed group state"';

/** The largest chain entry: the head, 5,001 members of 49 bytes, the signature block. */
export const ROSTER_ENTRY_MAX_BYTES = 85 + 5001 * 49 + 80;

export const handoutIn = (wrap: string) =>
  base64Bytes(
    SIGNATURE_BLOCK_BYTES,
    SIGNATURE_BLOCK_BYTES,
    `The owner's key handout over ${wrap}: a signature block (Base64, 80 bytes: the owner's account id, then an Ed25519 signature binding the note, the roster epoch, the key id, the recipient and the wrap; ${SCHEME}). Must name the caller. Needs \`roster\``,
    SIGNATURE_LENGTH_RULE,
  );

export const rosterEntryIn = base64Bytes(
  85 + 49 + 80,
  ROSTER_ENTRY_MAX_BYTES,
  `A signed entry of the note's membership chain (Base64 wire bytes: the entry, then the owner's signature block; ${SCHEME}). Its signature block must name the caller`,
);

export const handoutOut = {
  wrappedCekSignature: z
    .string()
    .optional()
    .meta({
      format: "byte",
      description: `The owner's key handout over \`wrappedCek\` (signature block, Base64, 80 bytes; ${SCHEME}); absent for wraps made without one. Clients verify it before adopting the key inside.`,
    }),
  wrappedCekEpoch: z.int().optional().meta({
    description: "The roster epoch the handout was signed at; present with `wrappedCekSignature`.",
  }),
};

export const chainEntrySchema = z
  .object({
    epoch: z.int().meta({ description: "0 for the note's first entry, then one more each" }),
    entry: z.string().meta({ format: "byte", description: `Wire bytes (Base64; ${SCHEME})` }),
  })
  .meta({ id: "RosterChainEntry" });
