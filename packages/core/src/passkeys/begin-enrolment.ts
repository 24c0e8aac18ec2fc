// POST /v1/passkeys:beginEnrolment: creation options for the signed-in account,
// with a fresh enrol challenge bound to it. The account's credentials are
// excluded (an authenticator holding one declines to make another), the
// credential must be discoverable and user-verified, and PRF is requested.
import { passkeys } from "@notes/db";
import { generateRegistrationOptions } from "@simplewebauthn/server";
import { asc, eq } from "drizzle-orm";
import { getAccountRow } from "../accounts/find-account";
import type { Core } from "../core";
import type { Caller } from "../types";
import { issueChallenge } from "./challenges";
import {
  ALGORITHMS,
  CEREMONY_TIMEOUT_MS,
  prfExtension,
  RP_NAME,
  relyingParty,
} from "./relying-party";

type RegistrationOptions = Awaited<ReturnType<typeof generateRegistrationOptions>>;

export type CreationOptions = Omit<RegistrationOptions, "extensions"> & {
  extensions: ReturnType<typeof prfExtension>;
};

/** The user handle of WebAuthn: the account id's 16 bytes (stable across handle changes). */
export const userHandleOf = (accountId: string) =>
  new Uint8Array(Buffer.from(accountId.replace(/-/g, ""), "hex"));

export async function beginEnrolment(
  core: Core,
  caller: Caller,
): Promise<{ options: CreationOptions }> {
  const account = await getAccountRow(core.db, caller.accountId);
  const enrolled = await core.db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.accountId, caller.accountId))
    .orderBy(asc(passkeys.createdAt));
  const challenge = await issueChallenge(core.db, "enrol", caller.accountId);
  const name = account.handle ?? account.email ?? account.id;
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(core).id,
    userName: name,
    userDisplayName: name,
    userID: userHandleOf(account.id),
    challenge: challenge.bytes,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: enrolled.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  // The PRF input travels as url-safe Base64, as JSON options carry every BufferSource.
  return { options: { ...options, extensions: prfExtension() } };
}
