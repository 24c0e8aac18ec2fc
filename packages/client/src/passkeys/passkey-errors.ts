// What can stop a passkey flow on the client, before or after the server answered.
import { ClientError } from "../errors";

/**
 * The browser or authenticator gave no PRF output, so the passkey cannot unlock the
 * notes: the account keeps using its password.
 */
export class PasskeyPrfUnsupported extends ClientError {
  override readonly name = "PasskeyPrfUnsupported";
  constructor() {
    super("this passkey or browser does not support the PRF extension");
  }
}

/**
 * A discoverable sign-in answered with a passkey whose account this device does not
 * know by name; sign in again naming the handle (challengePasskey).
 */
export class PasskeyAccountUnknown extends ClientError {
  override readonly name = "PasskeyAccountUnknown";
  constructor(readonly credentialId: string) {
    super("this device does not know which account the passkey belongs to");
  }
}
