// Recovery with the recovery code, setting a new password.
//
// The new password must wrap the master key, and the master key is only reachable
// through recoveryWrappedMasterKey, which the server hands out only to a holder of the
// recovery credential. interface.md's `POST /v1/sessions:recover` wants the new
// wrapped master key up front and returns recoveryWrappedMasterKey only afterwards, so
// on its own it cannot be used soundly. The server therefore offers
// `POST /v1/accounts:lookupRecoveryKey` (verifies recoveryAuthKey, opens no session):
//   1. lookupRecoveryKey → kdfSalt, kdfIterations, recoveryWrappedMasterKey;
//   2. unwrap the master key locally, derive the new password keys from the same salt;
//   3. sessions:recover with the real newWrappedMasterKey, in one server transaction.
// There is deliberately no fallback for servers without step 1: any two-call
// scheme leaves the account briefly holding a master key the password cannot open.
// The new auth key is the account's current one from step 3 on, so it also publishes
// what the account lacks (issue 33, item 9).
import {
  deriveAccountKeys,
  deriveRecoveryKeys,
  fromBase64,
  loadSodium,
  parseRecoveryCode,
  toBase64,
  unwrapKey,
  wrapKey,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { assertKdfStrength, type Session } from "./session";
import { openSessionKeys } from "./unlock";

export interface RecoverInput {
  identifier: string;
  recoveryCode: string;
  newPassword: string;
}

export async function recover(api: ApiClient, input: RecoverInput): Promise<Session> {
  const sodium = await loadSodium();
  const recovery = await deriveRecoveryKeys(parseRecoveryCode(input.recoveryCode));
  const recoveryAuthKey = toBase64(recovery.recoveryAuthKey);
  const found = await api.call("accounts.lookupRecoveryKey", {
    identifier: input.identifier,
    recoveryAuthKey,
  });
  assertKdfStrength(found.kdfIterations);
  const masterKey = unwrapKey(sodium, recovery.recoveryWrapKey, found.recoveryWrappedMasterKey);
  const next = await deriveAccountKeys(
    input.newPassword,
    fromBase64(found.kdfSalt),
    found.kdfIterations,
  );
  const auth = await api.call("sessions.recover", {
    identifier: input.identifier,
    recoveryAuthKey,
    newAuthKey: toBase64(next.authKey),
    newWrappedMasterKey: wrapKey(sodium, next.wrapKey, masterKey),
  });
  return openSessionKeys(api, input.identifier, auth, masterKey, next.authKey);
}
