// What a failed passkey sign-in says, and whether to offer the password instead.
// A WebAuthn get() that finds no passkey for this site on the device ends with the
// same NotAllowedError as a prompt the person closed: browsers will not tell the
// two apart (so a page cannot probe which passkeys a device holds). At sign-in the
// likelier cause, on a device that was never used with this account, is the first,
// so the words lead with it and point at the password.
import { isProblem } from "@notes/client";
import { describeError } from "../problem-text";

export interface PasskeySignInFailure {
  message: string;
  /** The password is the way on: offer to go to it. */
  offerPassword: boolean;
}

export const NO_PASSKEY_HERE =
  "No passkey for this site was found on this device, or the passkey prompt was closed. Sign in with your password instead.";

const ERRORS_THAT_MEAN_USE_THE_PASSWORD = new Set(["NotAllowedError", "PasskeyPrfUnsupported"]);

export function passkeySignInFailure(error: unknown): PasskeySignInFailure {
  const name = error instanceof Error ? error.name : undefined;
  if (name === "NotAllowedError") return { message: NO_PASSKEY_HERE, offerPassword: true };
  return {
    message: describeError(error, "passkey"),
    offerPassword:
      (name !== undefined && ERRORS_THAT_MEAN_USE_THE_PASSWORD.has(name)) ||
      isProblem(error, "passkey-refused"),
  };
}
