// The JSON forms of heads and proofs on /v1 (Base64 bytes, numbers as numbers), and
// their strict parsing: a server's answer is input to check, so every length is checked
// before any byte is used.

import type { Binding } from "./binding";
import { fromBase64, toBase64 } from "./bytes";
import type { SignedHead, TreeHead } from "./head";
import type { RosterProof } from "./roster";

export interface SignedHeadJson {
  epoch: number;
  timestamp: number;
  treeRoot: string;
  logRoot: string;
  headPublicKey: string;
  vrfPublicKey: string;
  signature: string;
  cosignatures: { witness: string; signature: string }[];
}

export interface LookupProofJson {
  epoch: number;
  vrfProof: string;
  version: number;
  opening: string;
  prev: string;
  publicKey?: string | undefined;
  signingPublicKey?: string | undefined;
  siblings: string[];
}

export interface LookupProof {
  epoch: number;
  vrfProof: Uint8Array;
  opening: Uint8Array;
  binding: Binding;
  siblings: Uint8Array[];
}

export class MalformedKeyTransparency extends Error {
  override name = "MalformedKeyTransparency";
}

function bytes(text: unknown, length: number, what: string): Uint8Array {
  if (typeof text !== "string") throw new MalformedKeyTransparency(`${what} is missing`);
  let out: Uint8Array;
  try {
    out = fromBase64(text);
  } catch {
    throw new MalformedKeyTransparency(`${what} is not Base64`);
  }
  if (out.length !== length) throw new MalformedKeyTransparency(`${what} is not ${length} bytes`);
  return out;
}

function count(n: unknown, what: string, min = 1): number {
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < min) {
    throw new MalformedKeyTransparency(`${what} is not a whole number ≥ ${min}`);
  }
  return n;
}

export function headToJson(head: SignedHead): SignedHeadJson {
  return {
    epoch: head.epoch,
    timestamp: head.timestamp,
    treeRoot: toBase64(head.treeRoot),
    logRoot: toBase64(head.logRoot),
    headPublicKey: toBase64(head.headPublicKey),
    vrfPublicKey: toBase64(head.vrfPublicKey),
    signature: toBase64(head.signature),
    cosignatures: head.cosignatures.map((c) => ({
      witness: toBase64(c.witness),
      signature: toBase64(c.signature),
    })),
  };
}

export function parseHead(json: SignedHeadJson): SignedHead {
  if (!Array.isArray(json.cosignatures) || json.cosignatures.length > 64) {
    throw new MalformedKeyTransparency("cosignatures is not a list of at most 64");
  }
  return {
    ...parseTreeHead(json),
    signature: bytes(json.signature, 64, "signature"),
    cosignatures: json.cosignatures.map((c) => ({
      witness: bytes(c.witness, 32, "a witness key"),
      signature: bytes(c.signature, 64, "a cosignature"),
    })),
  };
}

function parseTreeHead(json: SignedHeadJson): TreeHead {
  return {
    epoch: count(json.epoch, "epoch"),
    timestamp: count(json.timestamp, "timestamp", 0),
    treeRoot: bytes(json.treeRoot, 32, "treeRoot"),
    logRoot: bytes(json.logRoot, 32, "logRoot"),
    headPublicKey: bytes(json.headPublicKey, 32, "headPublicKey"),
    vrfPublicKey: bytes(json.vrfPublicKey, 32, "vrfPublicKey"),
  };
}

export function parseLookupProof(json: LookupProofJson): LookupProof {
  if (!Array.isArray(json.siblings) || json.siblings.length > 256) {
    throw new MalformedKeyTransparency("siblings is not a list of at most 256");
  }
  return {
    epoch: count(json.epoch, "epoch"),
    vrfProof: bytes(json.vrfProof, 80, "vrfProof"),
    opening: bytes(json.opening, 16, "opening"),
    binding: {
      version: count(json.version, "version"),
      prev: bytes(json.prev, 32, "prev"),
      ...(json.publicKey !== undefined && { publicKey: bytes(json.publicKey, 32, "publicKey") }),
      ...(json.signingPublicKey !== undefined && {
        signingPublicKey: bytes(json.signingPublicKey, 32, "signingPublicKey"),
      }),
    },
    siblings: json.siblings.map((s, i) => bytes(s, 32, `siblings[${i}]`)),
  };
}

export function lookupProofToJson(proof: LookupProof): LookupProofJson {
  return {
    epoch: proof.epoch,
    vrfProof: toBase64(proof.vrfProof),
    version: proof.binding.version,
    opening: toBase64(proof.opening),
    prev: toBase64(proof.binding.prev),
    ...(proof.binding.publicKey && { publicKey: toBase64(proof.binding.publicKey) }),
    ...(proof.binding.signingPublicKey && {
      signingPublicKey: toBase64(proof.binding.signingPublicKey),
    }),
    siblings: proof.siblings.map(toBase64),
  };
}

export function parseHashes(list: unknown, what: string): Uint8Array[] {
  if (!Array.isArray(list) || list.length > 128) {
    throw new MalformedKeyTransparency(`${what} is not a list of at most 128`);
  }
  return list.map((h, i) => bytes(h, 32, `${what}[${i}]`));
}

export interface RosterProofJson {
  epoch: number;
  vrfProof: string;
  opening: string;
  chainEpoch: number;
  entryHash: string;
  siblings: string[];
}

export function parseRosterProof(json: RosterProofJson): RosterProof {
  if (!Array.isArray(json.siblings) || json.siblings.length > 256) {
    throw new MalformedKeyTransparency("siblings is not a list of at most 256");
  }
  const chainEpoch = count(json.chainEpoch, "chainEpoch", 0);
  if (chainEpoch > 0xffff_ffff) throw new MalformedKeyTransparency("chainEpoch is not a u32");
  return {
    epoch: count(json.epoch, "epoch"),
    vrfProof: bytes(json.vrfProof, 80, "vrfProof"),
    opening: bytes(json.opening, 16, "opening"),
    head: { chainEpoch, entryHash: bytes(json.entryHash, 32, "entryHash") },
    siblings: json.siblings.map((s, i) => bytes(s, 32, `siblings[${i}]`)),
  };
}

export function rosterProofToJson(proof: RosterProof): RosterProofJson {
  return {
    epoch: proof.epoch,
    vrfProof: toBase64(proof.vrfProof),
    opening: toBase64(proof.opening),
    chainEpoch: proof.head.chainEpoch,
    entryHash: toBase64(proof.head.entryHash),
    siblings: proof.siblings.map(toBase64),
  };
}

/** The strict field readers above, for the other proofs' parsers (seen-heads-wire.ts). */
export { bytes as wireBytes, count as wireCount };
