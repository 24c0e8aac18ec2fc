// POST /v1/passkeys:finishEnrolment: verifies the authenticator's registration
// against the account's enrol challenge (consumed first, so a replay finds it
// gone), our origin and RP ID, user verification and the offered algorithms,
// then stores the credential with the master key wrapped under its PRF secret.
// The PRF secret itself must never reach the server (credential.ts), and an
// authenticator without PRF is refused: its passkey could not unlock the account.
import { passkeys } from "@notes/db";
import { verifyRegistrationResponse } from "@simplewebauthn/server";
import type { Core } from "../core";
import { isUniqueViolation } from "../shared/unique-violation";
import type { Caller } from "../types";
import { challengeOf, consumeChallenge } from "./challenges";
import {
  type ClientExtensionResults,
  type RegistrationCredential,
  refusePrfResults,
} from "./credential";
import { type DeviceView, deviceView } from "./device-view";
import { settleEnrolmentOffer } from "./enrolment-offer";
import { credentialInvalid } from "./errors";
import { ALGORITHMS, relyingParty } from "./relying-party";

export interface Enrolment {
  credential: RegistrationCredential;
  label: string;
  wrappedMasterKey: Uint8Array;
}

/** An authenticator without PRF makes a passkey that could never unlock the account. */
function requirePrf(results: ClientExtensionResults): void {
  refusePrfResults(results);
  if (results.prf?.enabled !== true) {
    throw credentialInvalid(
      "The authenticator did not enable the PRF extension, so this passkey could not unlock the account.",
      "/credential/clientExtensionResults/prf/enabled",
    );
  }
}

async function verify(core: Core, credential: RegistrationCredential, challenge: string) {
  const rp = relyingParty(core);
  try {
    const result = await verifyRegistrationResponse({
      response: { ...credential, clientExtensionResults: {} },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (result.verified && result.registrationInfo.credential.id === credential.id)
      return result.registrationInfo;
  } catch (error) {
    core.log.info({ err: (error as Error).message }, "passkey registration not verified");
  }
  throw credentialInvalid(
    "The registration does not verify: wrong origin or RP ID, no user verification, an algorithm other than ES256 or EdDSA, or a malformed response.",
  );
}

export async function finishEnrolment(
  core: Core,
  caller: Caller,
  input: Enrolment,
): Promise<DeviceView> {
  const { credential } = input;
  requirePrf(credential.clientExtensionResults);
  const challenge = challengeOf(credential.response.clientDataJSON);
  const consumed = challenge && (await consumeChallenge(core.db, challenge, ["enrol"]));
  if (!challenge || !consumed || consumed.accountId !== caller.accountId)
    throw credentialInvalid(
      "The challenge is unknown, already used or expired; begin the enrolment again.",
    );
  const info = await verify(core, credential, challenge);
  try {
    return await core.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(passkeys)
        .values({
          id: info.credential.id,
          accountId: caller.accountId,
          publicKey: info.credential.publicKey,
          signCount: info.credential.counter,
          transports: info.credential.transports ?? [],
          label: input.label,
          wrappedMasterKey: input.wrappedMasterKey,
        })
        .returning();
      await settleEnrolmentOffer(tx, caller.accountId);
      if (!row) throw new Error("insert returned no row");
      return deviceView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw credentialInvalid("This credential is already enrolled.");
    throw error;
  }
}
