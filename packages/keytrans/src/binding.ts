// One account's binding, as the prefix tree holds it: the VRF input that places the
// account, the value (its keys at one version, chained to the version before) and the
// commitment that hides the value from anyone without the opening.
//
//   alpha      = "notes/kt/account/v1" ‖ account id (16 raw uuid bytes)
//   index      = the first 32 bytes of VRF β
//   value      = u32 version ‖ u8 flags ‖ X25519 key (32) ‖ Ed25519 key (32) ‖ prev (32)
//                flags: bit 0 the sharing key is present, bit 1 the signing key; an
//                absent key is 32 zero bytes. prev = the commitment of version − 1,
//                32 zero bytes for version 1.
//   commitment = SHA-256("notes/kt/commit/v1" ‖ opening (16) ‖ account id (16) ‖ value)
import { sha256 } from "@noble/hashes/sha2.js";
import { ascii, concat, u32, uuidBytes } from "./bytes";

export const OPENING_BYTES = 16;
const ACCOUNT_LABEL = ascii("notes/kt/account/v1");
const COMMIT_LABEL = ascii("notes/kt/commit/v1");
const ZERO32 = new Uint8Array(32);

export interface Binding {
  version: number;
  /** Raw 32-byte X25519 sharing key, when the account has published one. */
  publicKey?: Uint8Array;
  /** Raw 32-byte Ed25519 signing key, when the account has published one. */
  signingPublicKey?: Uint8Array;
  /** Commitment of the version before; 32 zero bytes for version 1. */
  prev: Uint8Array;
}

export function vrfInput(accountId: string): Uint8Array {
  return concat(ACCOUNT_LABEL, uuidBytes(accountId));
}

function key32(key: Uint8Array | undefined, what: string): Uint8Array {
  if (key === undefined) return ZERO32;
  if (key.length !== 32) throw new RangeError(`${what} is 32 bytes`);
  return key;
}

export function bindingValue(binding: Binding): Uint8Array {
  if (!Number.isInteger(binding.version) || binding.version < 1)
    throw new RangeError("version ≥ 1");
  if (binding.prev.length !== 32) throw new RangeError("prev is 32 bytes");
  const flags = (binding.publicKey ? 1 : 0) | (binding.signingPublicKey ? 2 : 0);
  return concat(
    u32(binding.version),
    Uint8Array.of(flags),
    key32(binding.publicKey, "a sharing key"),
    key32(binding.signingPublicKey, "a signing key"),
    binding.prev,
  );
}

export function bindingCommitment(
  accountId: string,
  opening: Uint8Array,
  binding: Binding,
): Uint8Array {
  if (opening.length !== OPENING_BYTES) throw new RangeError("an opening is 16 bytes");
  return sha256(concat(COMMIT_LABEL, opening, uuidBytes(accountId), bindingValue(binding)));
}
