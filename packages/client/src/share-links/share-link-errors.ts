// What a share link's reader refuses (docs/client-crypto.md, "Share links", reading).

import { ClientError } from "../errors";

/** The URL holds no link this client can read: no id, or a fragment that is no 32-byte key. */
export class ShareLinkMalformed extends ClientError {
  override readonly name = "ShareLinkMalformed";
}

export type ShareLinkForgedReason =
  /** The served content does not open under the link's key: altered, or another link's. */
  | "unopenable"
  /** It opens but is not the content JSON. */
  | "malformed"
  /** The signature is missing, does not verify, or names someone other than the sealed author. */
  | "bad-signature"
  /** The server names another owner, or another signing key for them, than the sealed content. */
  | "owner-mismatch"
  /** The server asks for fewer password iterations than sign-in's floor. */
  | "weak-kdf";

/**
 * What the server served is not what the link's owner made (or the password was wrong
 * and the server let it through: with `unopenable` the two cannot be told apart).
 * Nothing of it was shown.
 */
export class ShareLinkForged extends ClientError {
  override readonly name = "ShareLinkForged";
  constructor(readonly reason: ShareLinkForgedReason) {
    super(`the share link's content was refused (${reason})`);
  }
}
