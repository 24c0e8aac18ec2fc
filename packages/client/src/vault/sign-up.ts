// Account creation (contract.md §9): every key is made here; the server receives only
// the auth keys and wrapped keys. The sharing keypair and the signing key are published
// right after, each with the auth key the account was just made with (the server asks
// for it, issue 33 item 9), so sign-up stays one flow with no second password prompt.
import {
  deriveAccountKeys,
  deriveRecoveryKeys,
  formatRecoveryCode,
  generateKey,
  generateRecoveryKey,
  loadSodium,
  toBase64,
  wrapKey,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { ContentKeyring } from "../keys/content-keyring";
import { MemoryKeyPins } from "../trust/key-pins";
import { assertKdfStrength, MIN_KDF_ITERATIONS, type Session } from "./session";
import { openSigningKeyPair, storeNewKeyPair } from "./unlock";

export interface SignUpInput {
  identifier: string;
  password: string;
  kdfIterations?: number;
}

export interface SignUpResult {
  session: Session;
  /** Shown to the user once; it is the only way back in without the password. */
  recoveryCode: string;
}

export async function signUp(api: ApiClient, input: SignUpInput): Promise<SignUpResult> {
  const kdfIterations = input.kdfIterations ?? MIN_KDF_ITERATIONS;
  assertKdfStrength(kdfIterations);
  const sodium = await loadSodium();
  const masterKey = generateKey(sodium);
  const recoveryKey = generateRecoveryKey(sodium);
  const kdfSalt = sodium.randombytes_buf(16);
  const [account, recovery] = await Promise.all([
    deriveAccountKeys(input.password, kdfSalt, kdfIterations),
    deriveRecoveryKeys(recoveryKey),
  ]);
  const wrappedMasterKey = wrapKey(sodium, account.wrapKey, masterKey);
  const auth = await api.call("accounts.create", {
    identifier: input.identifier,
    authKey: toBase64(account.authKey),
    kdfIterations,
    kdfSalt: toBase64(kdfSalt),
    wrappedMasterKey,
    recoveryAuthKey: toBase64(recovery.recoveryAuthKey),
    recoveryWrappedMasterKey: wrapKey(sodium, recovery.recoveryWrapKey, masterKey),
  });
  api.setToken(auth.token);
  const keyPair = await storeNewKeyPair(api, masterKey, account.authKey);
  const signingKeyPair = await openSigningKeyPair(api, masterKey, undefined, account.authKey);
  return {
    session: {
      identifier: input.identifier,
      token: auth.token,
      account: auth.account,
      masterKey,
      keyPair,
      signingKeyPair,
      kdfIterations,
      kdfSalt: toBase64(kdfSalt),
      wrappedMasterKey,
      keyring: new ContentKeyring(),
      keyPins: new MemoryKeyPins(),
    },
    recoveryCode: formatRecoveryCode(recoveryKey),
  };
}
