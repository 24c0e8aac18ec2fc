import type { Core } from "../core";
import { mintDeviceToken } from "../sessions/device-token";
import { openSession } from "../sessions/open-session";
import type { RequestMeta } from "../types";
import { type AuthResponse, accountView, keysView } from "./account-view";
import { enforceSignInLimits } from "./sign-in-limits";
import { verifyCredential } from "./verify-credential";

/** Password sign-in with the client-derived auth key. */
export async function signIn(
  core: Core,
  input: { identifier: string; authKey: Uint8Array },
  meta: RequestMeta,
): Promise<AuthResponse> {
  await enforceSignInLimits(core, input.identifier, meta);
  const row = await verifyCredential(core, input.identifier, input.authKey, "authHash");
  const { token } = await openSession(core.db, row.id, meta);
  const deviceToken = mintDeviceToken(core, row.id);
  return { account: accountView(row), keys: keysView(row), token, deviceToken };
}
