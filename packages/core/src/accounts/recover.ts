// Recovery: sign in with the recovery credential and, in the same transaction,
// replace the password credential and revoke every other session.
import { accounts, sessions } from "@notes/db";
import { eq } from "drizzle-orm";
import type { Core } from "../core";
import { mintDeviceToken } from "../sessions/device-token";
import { openSession } from "../sessions/open-session";
import { scryptHash } from "../shared/secrets";
import type { RequestMeta } from "../types";
import { type AuthResponse, accountView, keysView } from "./account-view";
import { enforceSignInLimits } from "./sign-in-limits";
import { verifyCredential } from "./verify-credential";

export interface Recovery {
  identifier: string;
  recoveryAuthKey: Uint8Array;
  newAuthKey: Uint8Array;
  newWrappedMasterKey: Uint8Array;
}

export async function recover(
  core: Core,
  input: Recovery,
  meta: RequestMeta,
): Promise<AuthResponse> {
  await enforceSignInLimits(core, input.identifier, meta);
  const found = await verifyCredential(
    core,
    input.identifier,
    input.recoveryAuthKey,
    "recoveryHash",
  );
  const authHash = await scryptHash(input.newAuthKey, found.hashSalt);
  return core.db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set({ authHash, wrappedMasterKey: input.newWrappedMasterKey })
      .where(eq(accounts.id, found.id))
      .returning();
    if (!row) throw new Error("account vanished during recovery");
    await tx.delete(sessions).where(eq(sessions.accountId, row.id));
    core.sessionCache?.forgetAccount(row.id);
    const { token } = await openSession(tx, row.id, meta);
    const deviceToken = mintDeviceToken(core, row.id);
    return { account: accountView(row), keys: keysView(row), token, deviceToken };
  });
}
