// A new recovery code for a signed-in session (contract.md §3): a fresh recovery
// key wraps the same master key; the password's auth key proves it is the owner.
// The server forgets the old recovery credential in the same call.
import {
  deriveAccountKeys,
  deriveRecoveryKeys,
  formatRecoveryCode,
  fromBase64,
  generateRecoveryKey,
  loadSodium,
  toBase64,
  wrapKey,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { assertKdfStrength, type Session } from "./session";

/** Returns the new recovery code, to be shown once; the old one no longer works. */
export async function replaceRecoveryKey(
  api: ApiClient,
  session: Session,
  password: string,
): Promise<string> {
  assertKdfStrength(session.kdfIterations);
  const sodium = await loadSodium();
  const recoveryKey = generateRecoveryKey(sodium);
  const [account, recovery] = await Promise.all([
    deriveAccountKeys(password, fromBase64(session.kdfSalt), session.kdfIterations),
    deriveRecoveryKeys(recoveryKey),
  ]);
  await api.call("account.replaceRecoveryKey", {
    authKey: toBase64(account.authKey),
    recoveryAuthKey: toBase64(recovery.recoveryAuthKey),
    recoveryWrappedMasterKey: wrapKey(sodium, recovery.recoveryWrapKey, session.masterKey),
  });
  return formatRecoveryCode(recoveryKey);
}
