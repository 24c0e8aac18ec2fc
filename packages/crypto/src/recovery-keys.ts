// Recovery key → the auth key the server checks on recovery and the key that wraps
// the master key for recovery (§9). Input is the raw 32 bytes, never the code text.
import { assertLength } from "./errors";
import { HKDF_LABELS, hkdfSha256 } from "./hkdf";
import { RECOVERY_KEY_BYTES } from "./recovery-code";

export interface RecoveryKeys {
  recoveryAuthKey: Uint8Array;
  recoveryWrapKey: Uint8Array;
}

export async function deriveRecoveryKeys(recoveryKey: Uint8Array): Promise<RecoveryKeys> {
  assertLength(recoveryKey, RECOVERY_KEY_BYTES, "recovery key");
  const [recoveryAuthKey, recoveryWrapKey] = await Promise.all([
    hkdfSha256(recoveryKey, HKDF_LABELS.recoveryAuth),
    hkdfSha256(recoveryKey, HKDF_LABELS.recoveryWrap),
  ]);
  return { recoveryAuthKey, recoveryWrapKey };
}
