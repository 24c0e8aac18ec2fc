// Publishing the account's keys re-verifies the password's auth key, as a password
// change does (issue 33, item 9). A session token alone once could publish the first
// signing key or keypair of an account that had none: a stolen token then locked the
// owner out for good, since a published key is never replaced and every later sign-in
// derives another. A thief with the token but not the password now gets 401.

import { getAccountRow } from "../accounts/find-account";
import type { Core } from "../core";
import { credentialRejected } from "../errors";
import { scryptMatches } from "../shared/secrets";
import type { Caller } from "../types";

export async function assertCurrentAuthKey(
  core: Core,
  caller: Caller,
  authKey: Uint8Array,
): Promise<void> {
  const row = await getAccountRow(core.db, caller.accountId);
  if (!(await scryptMatches(authKey, row.hashSalt, row.authHash))) throw credentialRejected();
}
