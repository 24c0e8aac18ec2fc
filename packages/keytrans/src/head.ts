// Tree heads: what the server signs each epoch and what witnesses cosign.
//
//   config  = SHA-256("notes/kt/config/v1" ‖ head signing key (32) ‖ VRF key (32))
//   head    = "notes/kt/head/v1" ‖ u64 epoch ‖ u64 timestamp (ms) ‖ tree root (32)
//             ‖ log root (32) ‖ config (32)                        (128 bytes)
//   log leaf of the epoch = u64 epoch ‖ u64 timestamp ‖ tree root  (48 bytes, RFC 9162
//             leaf hash over it); the log root covers epochs 1..epoch, this one last.
//   signature   = Ed25519(server head key, head)
//   cosignature = Ed25519(witness key, "notes/kt/cosign/v1" ‖ head)
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { ascii, concat, u64 } from "./bytes";
import { logLeafHash } from "./log-tree";

const HEAD_LABEL = ascii("notes/kt/head/v1");
const CONFIG_LABEL = ascii("notes/kt/config/v1");
const COSIGN_LABEL = ascii("notes/kt/cosign/v1");
export const HEAD_BYTES = 128;

export interface TreeHead {
  epoch: number;
  /** Milliseconds since 1970, the server's clock when it closed the epoch. */
  timestamp: number;
  treeRoot: Uint8Array;
  logRoot: Uint8Array;
  /** The server's head signing key and VRF key, which `config` commits to. */
  headPublicKey: Uint8Array;
  vrfPublicKey: Uint8Array;
}

export interface Cosignature {
  witness: Uint8Array;
  signature: Uint8Array;
}

export interface SignedHead extends TreeHead {
  signature: Uint8Array;
  cosignatures: Cosignature[];
}

export function configDigest(headPublicKey: Uint8Array, vrfPublicKey: Uint8Array): Uint8Array {
  return sha256(concat(CONFIG_LABEL, headPublicKey, vrfPublicKey));
}

export function headBytes(head: TreeHead): Uint8Array {
  return concat(
    HEAD_LABEL,
    u64(head.epoch),
    u64(head.timestamp),
    head.treeRoot,
    head.logRoot,
    configDigest(head.headPublicKey, head.vrfPublicKey),
  );
}

export function headLogLeaf(head: Pick<TreeHead, "epoch" | "timestamp" | "treeRoot">): Uint8Array {
  return logLeafHash(concat(u64(head.epoch), u64(head.timestamp), head.treeRoot));
}

export function signHead(secretKey: Uint8Array, head: TreeHead): Uint8Array {
  return ed25519.sign(headBytes(head), secretKey);
}

export function verifyHeadSignature(head: TreeHead, signature: Uint8Array): boolean {
  return safeVerify(signature, headBytes(head), head.headPublicKey);
}

export function cosignHead(witnessSecretKey: Uint8Array, head: TreeHead): Uint8Array {
  return ed25519.sign(concat(COSIGN_LABEL, headBytes(head)), witnessSecretKey);
}

export function verifyCosignature(head: TreeHead, cosignature: Cosignature): boolean {
  return safeVerify(
    cosignature.signature,
    concat(COSIGN_LABEL, headBytes(head)),
    cosignature.witness,
  );
}

function safeVerify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  try {
    return ed25519.verify(signature, message, publicKey);
  } catch {
    return false;
  }
}

export function publicKeyOf(secretKey: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(secretKey);
}

/**
 * The freezing bound: clients refuse a newest head older than this (a log that stopped,
 * or a server serving an old head). A quiet log must still close an epoch well within
 * it (the server's KT_IDLE_EPOCH_MS is held to half of it).
 */
export const FREEZING_BOUND_MS = 30 * 60_000;
