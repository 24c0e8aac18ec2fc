// Passkey PRF output → the key that wraps the master key for passkey sign-in (§9).
import { HKDF_LABELS, hkdfSha256 } from "./hkdf";

export function derivePasskeyWrapKey(prfOutput: Uint8Array): Promise<Uint8Array> {
  return hkdfSha256(prfOutput, HKDF_LABELS.passkeyWrap);
}
