// A new recovery code for a signed-in account: re-verify the password's auth key,
// then overwrite the recovery credential and the master key it wraps. The old
// code stops working with this UPDATE; no session is touched.
import { accounts } from "@notes/db";
import { eq } from "drizzle-orm";
import type { Core } from "../core";
import { credentialRejected } from "../errors";
import { scryptHash, scryptMatches } from "../shared/secrets";
import type { Caller } from "../types";
import { getAccountRow } from "./find-account";

export interface RecoveryKeyReplacement {
  authKey: Uint8Array;
  recoveryAuthKey: Uint8Array;
  recoveryWrappedMasterKey: Uint8Array;
}

export async function replaceRecoveryKey(
  core: Core,
  caller: Caller,
  input: RecoveryKeyReplacement,
): Promise<void> {
  const row = await getAccountRow(core.db, caller.accountId);
  if (!(await scryptMatches(input.authKey, row.hashSalt, row.authHash))) {
    throw credentialRejected();
  }
  const recoveryHash = await scryptHash(input.recoveryAuthKey, row.hashSalt);
  await core.db
    .update(accounts)
    .set({ recoveryHash, recoveryWrappedMasterKey: input.recoveryWrappedMasterKey })
    .where(eq(accounts.id, row.id));
}
