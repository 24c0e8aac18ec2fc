// The account's sharing keypair: the raw X25519 public key and the private key
// wrapped by the master key. Set once; an identical repeat is a no-op. Setting it needs
// the password's current auth key (./current-auth-key.ts), checked first, so a wrong
// one learns nothing of what is stored.
import { accounts } from "@notes/db";
import { and, eq, isNull } from "drizzle-orm";
import { getAccountRow } from "../accounts/find-account";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { enqueueBinding } from "../key-transparency/enqueue";
import { toBase64 } from "../shared/base64";
import type { Caller } from "../types";
import { assertCurrentAuthKey } from "./current-auth-key";

export interface Keypair {
  publicKey: Uint8Array;
  wrappedPrivateKey: Uint8Array;
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

export async function getKeypair(
  core: Core,
  caller: Caller,
): Promise<{ publicKey: string; wrappedPrivateKey: string; signingPublicKey?: string }> {
  const row = await getAccountRow(core.db, caller.accountId);
  if (!row.publicKey || !row.wrappedPrivateKey)
    throw new DomainError("no-keypair", "No sharing keypair is stored yet.");
  return {
    publicKey: toBase64(row.publicKey),
    wrappedPrivateKey: toBase64(row.wrappedPrivateKey),
    // The signing key (./signing-key.ts) is set on its own, so it may be absent.
    ...(row.signingPublicKey && { signingPublicKey: toBase64(row.signingPublicKey) }),
  };
}

export async function putKeypair(
  core: Core,
  caller: Caller,
  input: Keypair & { authKey: Uint8Array },
): Promise<void> {
  await assertCurrentAuthKey(core, caller, input.authKey);
  const set = await core.db
    .update(accounts)
    .set({ publicKey: input.publicKey, wrappedPrivateKey: input.wrappedPrivateKey })
    .where(and(eq(accounts.id, caller.accountId), isNull(accounts.publicKey)))
    .returning({ id: accounts.id });
  // Logged at the next epoch (issue 34); an identical repeat enqueues again, harmlessly
  // (the epoch job logs only keys that changed), so a lost enqueue heals on retry.
  await enqueueBinding(core.db, caller.accountId);
  if (set.length > 0) return;
  const row = await getAccountRow(core.db, caller.accountId);
  if (
    row.publicKey &&
    row.wrappedPrivateKey &&
    same(row.publicKey, input.publicKey) &&
    same(row.wrappedPrivateKey, input.wrappedPrivateKey)
  )
    return;
  throw new DomainError("keypair-exists", "A different sharing keypair is already stored.");
}
