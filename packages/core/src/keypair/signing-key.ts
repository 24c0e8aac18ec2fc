// The account's signing public key (issue 21, signed content): the raw 32-byte
// Ed25519 key its clients sign content with, published to every member who reads
// the account's content. Set once, like the sharing keypair: an identical repeat is
// a no-op, a different key is refused, so the server cannot be asked to swap the key
// under which other members already pinned this account. It needs no sharing
// keypair, and nothing is announced (members read it with the roster). Setting it
// needs the password's current auth key (./current-auth-key.ts, issue 33 item 9):
// set once, a key published with a stolen token alone would lock the owner out.
import { accounts } from "@notes/db";
import { and, eq, isNull } from "drizzle-orm";
import { getAccountRow } from "../accounts/find-account";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { enqueueBinding } from "../key-transparency/enqueue";
import type { Caller } from "../types";
import { assertCurrentAuthKey } from "./current-auth-key";

export const SIGNING_KEY_BYTES = 32;

export async function putSigningKey(
  core: Core,
  caller: Caller,
  signingPublicKey: Uint8Array,
  authKey: Uint8Array,
): Promise<void> {
  await assertCurrentAuthKey(core, caller, authKey);
  const set = await core.db
    .update(accounts)
    .set({ signingPublicKey })
    .where(and(eq(accounts.id, caller.accountId), isNull(accounts.signingPublicKey)))
    .returning({ id: accounts.id });
  await enqueueBinding(core.db, caller.accountId); // logged at the next epoch (issue 34)
  if (set.length > 0) return;
  const row = await getAccountRow(core.db, caller.accountId);
  if (row.signingPublicKey && Buffer.from(row.signingPublicKey).equals(signingPublicKey)) return;
  throw new DomainError("signing-key-exists", "A different signing key is already stored.");
}
