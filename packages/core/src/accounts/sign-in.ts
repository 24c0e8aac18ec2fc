import type { Core, RequestMeta } from "../core";
import { openSession } from "../sessions/open-session";
import { normaliseIdentifier } from "../shared/identifier";
import { enforceSignInLimits } from "../shared/rate-limit";
import { type AuthResponse, accountView, keysView } from "./account-view";
import { verifyCredential } from "./verify-credential";

/** Password sign-in with the client-derived auth key. */
export async function signIn(
  core: Core,
  input: { identifier: string; authKey: Uint8Array },
  meta: RequestMeta,
): Promise<AuthResponse> {
  await enforceSignInLimits(core, normaliseIdentifier(input.identifier), meta.ip);
  const row = await verifyCredential(core, input.identifier, input.authKey, "authHash");
  const { token } = await openSession(core.db, row.id, meta);
  return { account: accountView(row), keys: keysView(row), token };
}
