// Password sign-in: look up the KDF parameters, derive the auth key, open a session
// and unwrap the master key and sharing private key locally. The auth key just proved
// also publishes what the account lacks (its first keypair, its signing key): the
// server asks for it (issue 33, item 9).
import { deriveAccountKeys, fromBase64, loadSodium, toBase64, unwrapKey } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { assertKdfStrength, type Session } from "./session";
import { openSessionKeys } from "./unlock";

export interface SignInInput {
  identifier: string;
  password: string;
}

export async function signIn(api: ApiClient, input: SignInInput): Promise<Session> {
  const params = await api.call("accounts.lookupAuthParams", { identifier: input.identifier });
  assertKdfStrength(params.kdfIterations);
  const keys = await deriveAccountKeys(
    input.password,
    fromBase64(params.kdfSalt),
    params.kdfIterations,
  );
  const auth = await api.call("sessions.signIn", {
    identifier: input.identifier,
    authKey: toBase64(keys.authKey),
  });
  const sodium = await loadSodium();
  const masterKey = unwrapKey(sodium, keys.wrapKey, auth.keys.wrappedMasterKey);
  return openSessionKeys(api, input.identifier, auth, masterKey, keys.authKey);
}
