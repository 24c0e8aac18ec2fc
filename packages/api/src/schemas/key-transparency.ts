// Key transparency on the wire (issue 34, docs/key-transparency.md): signed heads, the
// proofs of the log of heads, and the inclusion proof of one account's binding. Every
// byte string is Base64; clients verify all of it (packages/keytrans).
import { z } from "zod";
import { base64Bytes } from "./common";

const DOC = "docs/key-transparency.md";
const b64 = (description: string) => z.string().meta({ format: "byte", description });
const hashes = (description: string) => z.array(b64("32-byte SHA-256 hash")).meta({ description });

export const signedHeadOut = z
  .object({
    epoch: z.number().int().min(1),
    timestamp: z
      .number()
      .int()
      .meta({ description: "Milliseconds since 1970 when the epoch closed" }),
    treeRoot: b64("Root of the prefix tree of bindings (32 bytes)"),
    logRoot: b64("RFC 9162 root of the log of heads, epochs 1 to this one (32 bytes)"),
    headPublicKey: b64("The server's Ed25519 head key (32 bytes)"),
    vrfPublicKey: b64("The server's ECVRF-EDWARDS25519-SHA512-TAI key (32 bytes)"),
    signature: b64("Ed25519 signature of the head bytes by headPublicKey"),
    cosignatures: z.array(
      z.object({ witness: b64("The witness's Ed25519 key"), signature: b64("Its cosignature") }),
    ),
  })
  .meta({ id: "SignedTreeHead", description: `A signed tree head (${DOC}, "Heads").` });

export const publishedHeadOut = z
  .object({
    head: signedHeadOut,
    headInLog: hashes(
      "RFC 9162 inclusion proof of this head's log leaf (index epoch − 1) in its log",
    ),
    consistency: hashes(
      "RFC 9162 consistency proof from the log at `since` to this head's",
    ).optional(),
  })
  .meta({ id: "PublishedTreeHead" });

export const lookupProofOut = z
  .object({
    epoch: z
      .number()
      .int()
      .min(1)
      .meta({ description: "The epoch whose head the proof is against" }),
    vrfProof: b64("ECVRF proof (80 bytes) that places the account in the tree"),
    version: z.number().int().min(1),
    opening: b64("The commitment's 16-byte opening"),
    prev: b64("Commitment of the version before (32 zero bytes for version 1)"),
    publicKey: b64("The logged X25519 sharing key").optional(),
    signingPublicKey: b64("The logged Ed25519 signing key").optional(),
    siblings: hashes("Sibling hashes from the root down to the account's leaf"),
  })
  .meta({
    id: "KeyTransparencyProof",
    description: `Inclusion proof of one account's binding in the published tree (${DOC}, "Look-ups"). Clients verify it under a witness-cosigned head before pinning or sealing to a key.`,
  });

export const cosignatureIn = z.object({
  witness: base64Bytes(32, 32, "The witness's raw Ed25519 public key"),
  signature: base64Bytes(64, 64, `Ed25519 signature of "notes/kt/cosign/v1" ‖ head bytes (${DOC})`),
});

export const rosterProofOut = z
  .object({
    epoch: z
      .number()
      .int()
      .min(1)
      .meta({ description: "The epoch whose head the proof is against" }),
    vrfProof: b64("ECVRF proof (80 bytes) that places the note's roster in the tree"),
    opening: b64("The commitment's 16-byte opening"),
    chainEpoch: z
      .number()
      .int()
      .min(0)
      .meta({ description: "The epoch of the chain's newest entry the log holds" }),
    entryHash: b64("BLAKE2b-256 of that entry's wire bytes (32 bytes)"),
    siblings: hashes("Sibling hashes from the root down to the roster's leaf"),
  })
  .meta({
    id: "RosterTransparencyProof",
    description: `Inclusion proof of the newest head of a note's signed roster chain in the published tree (${DOC}, "Rosters"). A member's client checks that the chain it is served holds that entry.`,
  });

export const seenHeadsProofOut = z
  .object({
    epoch: z
      .number()
      .int()
      .min(1)
      .meta({ description: "The epoch whose head the proof is against" }),
    vrfProof: b64("ECVRF proof (80 bytes) that places the account's seen heads in the tree"),
    siblings: hashes("Sibling hashes from the root down to where the search ends"),
    opening: b64("The commitment's 16-byte opening (inclusion only)").optional(),
    counter: z
      .number()
      .int()
      .min(1)
      .meta({ description: "The logged copy's counter (inclusion only)" })
      .optional(),
    digest: b64("BLAKE2b-256 of the logged copy's sealed bytes (inclusion only)").optional(),
    otherIndex: b64(
      "Absence only: the index of the other leaf where the search ended (absent: an empty child)",
    ).optional(),
    otherCommitment: b64("Absence only: that leaf's commitment").optional(),
  })
  .meta({
    id: "SeenHeadsTransparencyProof",
    description: `What the published tree holds for the account's seen heads (${DOC}, "The account's seen heads"): an inclusion proof of the newest logged counter and digest, or, without \`opening\`, \`counter\` and \`digest\`, a proof that none is logged.`,
  });
