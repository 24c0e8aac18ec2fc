// Password change: the salt stays (contract: the recovery credential keeps working);
// the master key is rewrapped under the new password's wrap key.
import { deriveAccountKeys, fromBase64, loadSodium, toBase64, wrapKey } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { assertKdfStrength, type Session } from "./session";

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export async function changePassword(
  api: ApiClient,
  session: Session,
  input: ChangePasswordInput,
): Promise<void> {
  assertKdfStrength(session.kdfIterations);
  const salt = fromBase64(session.kdfSalt);
  const [current, next] = await Promise.all([
    deriveAccountKeys(input.currentPassword, salt, session.kdfIterations),
    deriveAccountKeys(input.newPassword, salt, session.kdfIterations),
  ]);
  const sodium = await loadSodium();
  const newWrappedMasterKey = wrapKey(sodium, next.wrapKey, session.masterKey);
  await api.call("account.changePassword", {
    currentAuthKey: toBase64(current.authKey),
    newAuthKey: toBase64(next.authKey),
    newWrappedMasterKey,
  });
  // The session keeps the wrap the server now holds (an app lock unlocks with it).
  session.wrappedMasterKey = newWrappedMasterKey;
}
