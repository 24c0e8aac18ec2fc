// Account deletion after re-verifying the caller's auth key. Sessions and other
// owned rows go with the account through ON DELETE CASCADE.
import { accounts } from "@notes/db";
import { eq } from "drizzle-orm";
import type { Caller, Core } from "../core";
import { credentialRejected } from "../errors";
import { scryptMatches } from "../shared/secrets";
import { getAccountRow } from "./find-account";

export async function deleteAccount(
  core: Core,
  caller: Caller,
  authKey: Uint8Array,
): Promise<void> {
  const row = await getAccountRow(core.db, caller.accountId);
  if (!(await scryptMatches(authKey, row.hashSalt, row.authHash))) throw credentialRejected();
  await core.db.delete(accounts).where(eq(accounts.id, row.id));
  core.sessionCache?.forgetAccount(row.id);
}
