// Resolves a handle, or a verified e-mail its owner made discoverable, to the
// sharing public key (contract.md §3). Anything else — unknown, unverified, not
// discoverable, no keypair yet, malformed — is the same 404, and the look-ups are
// rate-limited per account, so resolve cannot be used to list users. A successful
// look-up makes the user the caller's contact (contacts.ts): only contacts may be
// added to the caller's notes, and an address is recorded only when it was the key.
import { rows } from "@notes/db";
import type { LookupProofJson } from "@notes/keytrans";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { findLookupProof } from "../key-transparency/read";
import { toBase64 } from "../shared/base64";
import { parseEmail, parseHandle } from "../shared/identifier";
import { enforce } from "../shared/rate-limit";
import type { Caller } from "../types";
import { recordContact } from "./contacts";

export type ResolveQuery = { handle: string } | { email: string };

export interface ResolvedUser {
  userId: string;
  handle?: string;
  publicKey: string;
  /** The user's signing public key (issue 21, signed content), once set. */
  signingPublicKey?: string;
  /**
   * The inclusion proof of the account's binding in the published key-transparency log
   * (issue 34), when the logged keys are the ones answered; absent while a publication
   * waits for the next epoch.
   */
  keyTransparency?: LookupProofJson;
}

const userNotFound = () =>
  new DomainError("user-not-found", "No user can be shared with under that handle or e-mail.");

export async function resolveUser(
  core: Core,
  caller: Caller,
  query: ResolveQuery,
): Promise<ResolvedUser> {
  await enforce(core, `resolve:${caller.accountId}`, core.config.limits.resolvePerAccount);
  const handle = "handle" in query ? parseHandle(query.handle) : undefined;
  const email = "email" in query ? parseEmail(query.email) : undefined;
  if (handle === undefined && email === undefined) throw userNotFound();
  const [row] = await rows<{
    id: string;
    handle: string | null;
    public_key: Uint8Array;
    signing_public_key: Uint8Array | null;
  }>(
    core.db,
    handle !== undefined
      ? sql`select id, handle, public_key, signing_public_key from accounts
            where handle = ${handle} and public_key is not null`
      : sql`select id, handle, public_key, signing_public_key from accounts
            where email = ${email ?? ""} and email_verified and discoverable_by_email
              and public_key is not null`,
  );
  if (!row) throw userNotFound();
  if (row.id !== caller.accountId)
    await recordContact(core.db, caller.accountId, row.id, email ?? null);
  const publicKey = toBase64(row.public_key);
  const signingPublicKey = row.signing_public_key ? toBase64(row.signing_public_key) : undefined;
  const proof = await findLookupProof(core, row.id);
  const logged =
    proof && proof.publicKey === publicKey && proof.signingPublicKey === signingPublicKey;
  return {
    userId: row.id,
    ...(row.handle !== null && { handle: row.handle }),
    publicKey,
    ...(signingPublicKey && { signingPublicKey }),
    ...(logged && { keyTransparency: proof }),
  };
}
