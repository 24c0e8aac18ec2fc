// Password change: re-verify the current auth key, store the new credential and
// wrapped master key, and revoke every session but the caller's. The KDF salt
// never changes, so the recovery credential keeps working.
import { accounts, sessions } from "@notes/db";
import { and, eq, ne } from "drizzle-orm";
import type { Core } from "../core";
import { credentialRejected } from "../errors";
import { scryptHash, scryptMatches } from "../shared/secrets";
import type { Caller } from "../types";
import { getAccountRow } from "./find-account";

export interface PasswordChange {
  currentAuthKey: Uint8Array;
  newAuthKey: Uint8Array;
  newWrappedMasterKey: Uint8Array;
}

export async function changePassword(
  core: Core,
  caller: Caller,
  input: PasswordChange,
): Promise<void> {
  const row = await getAccountRow(core.db, caller.accountId);
  if (!(await scryptMatches(input.currentAuthKey, row.hashSalt, row.authHash))) {
    throw credentialRejected();
  }
  const authHash = await scryptHash(input.newAuthKey, row.hashSalt);
  await core.db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ authHash, wrappedMasterKey: input.newWrappedMasterKey })
      .where(eq(accounts.id, row.id));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.accountId, row.id), ne(sessions.id, caller.sessionId)));
  });
  core.sessionCache?.forgetAccount(row.id, caller.sessionId);
}
