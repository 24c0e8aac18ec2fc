// Checks a credential for an identifier. Unknown identifiers still pay for one
// scrypt, so they answer in the same timing class as a wrong key.
import type { accounts } from "@notes/db";
import type { Core } from "../core";
import { authenticationFailed } from "../errors";
import { parseIdentifier } from "../shared/identifier";
import { scryptMatches } from "../shared/secrets";
import { findByIdentifier } from "./find-account";

type AccountRow = typeof accounts.$inferSelect;
const DUMMY_SALT = new Uint8Array(16);
const DUMMY_HASH = new Uint8Array(32);

export async function verifyCredential(
  core: Core,
  rawIdentifier: string,
  secret: Uint8Array,
  which: "authHash" | "recoveryHash",
): Promise<AccountRow> {
  const identifier = parseIdentifier(rawIdentifier);
  const row = identifier ? await findByIdentifier(core.db, identifier) : undefined;
  if (!row) {
    await scryptMatches(secret, DUMMY_SALT, DUMMY_HASH);
    throw authenticationFailed();
  }
  if (!(await scryptMatches(secret, row.hashSalt, row[which]))) throw authenticationFailed();
  return row;
}
