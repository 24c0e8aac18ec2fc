// The errors of the passkey use cases (interface.md §7, contract.md §1).
import { DomainError, invalidRequest } from "../errors";

export const noSuchDevice = () =>
  new DomainError("no-such-device", "No such enrolled device for this account.");

/** One answer for every sign-in failure: which check failed is not disclosed. */
export const passkeyRefused = (detail = "The passkey sign-in was refused.") =>
  new DomainError("passkey-refused", detail);

export const challengeRefused = () =>
  passkeyRefused("The challenge is unknown, already used or expired; start the sign-in again.");

/** An enrolment that does not verify is a bad request of an authenticated caller. */
export const credentialInvalid = (detail: string, pointer = "/credential") =>
  invalidRequest([{ pointer, detail }], "The credential cannot be enrolled.");
