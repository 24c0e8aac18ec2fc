// The key-transparency settings and keys of this deployment. The VRF and head keys are
// derived from the server secret (HKDF-SHA256), so every instance of one deployment
// holds the same keys without storing them; a deployment that loses its secret starts
// a new log under new keys (clients then refuse: the config digest changed).
import { hkdfSync } from "node:crypto";
import { publicKeyOf, vrfPublicKey } from "@notes/keytrans";
import type { Core } from "../core";

export interface KeyTransparencyConfig {
  /** How long an epoch lasts: the job closes one at most this often. */
  epochMs: number;
  /** With nothing to log, how old the last head must be before another closes (default: epochMs). */
  idleMs?: number;
  /** Raw Ed25519 keys of the witnesses whose cosignatures publish a head. */
  witnessKeys: Uint8Array[];
  /** How many of them must cosign before a head is served to clients (0: at once). */
  quorum: number;
}

export const DEFAULT_KT_CONFIG: KeyTransparencyConfig = {
  epochMs: 60_000,
  witnessKeys: [],
  quorum: 0,
};

export function ktConfig(core: Core): KeyTransparencyConfig {
  return core.config.keyTransparency ?? DEFAULT_KT_CONFIG;
}

export interface KtKeys {
  vrfSecret: Uint8Array;
  vrfPublic: Uint8Array;
  headSecret: Uint8Array;
  headPublic: Uint8Array;
}

const derived = new Map<string, KtKeys>();

export function ktKeys(core: Core): KtKeys {
  const secret = core.config.serverSecret;
  let keys = derived.get(secret);
  if (!keys) {
    const derive = (info: string) =>
      new Uint8Array(hkdfSync("sha256", secret, new Uint8Array(0), info, 32));
    const vrfSecret = derive("notes/kt/vrf-key/v1");
    const headSecret = derive("notes/kt/head-key/v1");
    keys = {
      vrfSecret,
      vrfPublic: vrfPublicKey(vrfSecret),
      headSecret,
      headPublic: publicKeyOf(headSecret),
    };
    derived.set(secret, keys);
  }
  return keys;
}
