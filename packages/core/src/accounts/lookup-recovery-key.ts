// The first step of recovery: with the recovery credential, a client that lost
// its password fetches the master key wrapped by its recovery key (and the KDF
// parameters), so it can wrap the master key under a new password before calling
// sessions:recover. Opens no session. Unknown identifiers answer like wrong keys.
import type { Core } from "../core";
import { toBase64 } from "../shared/base64";
import type { RequestMeta } from "../types";
import { enforceSignInLimits } from "./sign-in-limits";
import { verifyCredential } from "./verify-credential";

export interface RecoveryKey {
  kdfIterations: number;
  kdfSalt: string;
  recoveryWrappedMasterKey: string;
}

export async function lookupRecoveryKey(
  core: Core,
  input: { identifier: string; recoveryAuthKey: Uint8Array },
  meta: RequestMeta,
): Promise<RecoveryKey> {
  await enforceSignInLimits(core, input.identifier, meta);
  const row = await verifyCredential(core, input.identifier, input.recoveryAuthKey, "recoveryHash");
  return {
    kdfIterations: row.kdfIterations,
    kdfSalt: toBase64(row.kdfSalt),
    recoveryWrappedMasterKey: toBase64(row.recoveryWrappedMasterKey),
  };
}
