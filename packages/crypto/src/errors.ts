// The typed errors this package throws. Callers branch on the class (or `name`),
// never on message text; every one extends CryptoError so they can be caught as a family.

export abstract class CryptoError extends Error {}

/** Authentication failed: wrong key, wrong note id, or the data was altered. */
export class DecryptionFailed extends CryptoError {
  override readonly name = "DecryptionFailed";
  constructor(what: string, options?: ErrorOptions) {
    super(`${what} could not be opened (wrong key, wrong note id, or tampered data)`, options);
  }
}

/** A Base64 / Base64url / UTF-8 input was not a canonical encoding. */
export class InvalidEncoding extends CryptoError {
  override readonly name = "InvalidEncoding";
}

/** A key, nonce or other fixed-size byte string had the wrong length. */
export class InvalidLength extends CryptoError {
  override readonly name = "InvalidLength";
  constructor(what: string, expected: number, actual: number) {
    super(`${what} must be ${expected} bytes, got ${actual}`);
  }
}

/** A KDF parameter (iteration count) was out of range. */
export class InvalidKdfParameters extends CryptoError {
  override readonly name = "InvalidKdfParameters";
}

/** A note id was not a 36-character hyphenated uuid. */
export class InvalidNoteId extends CryptoError {
  override readonly name = "InvalidNoteId";
}

/** An account id was not a 36-character hyphenated uuid. */
export class InvalidUserId extends CryptoError {
  override readonly name = "InvalidUserId";
}

/** Opened key pins were not the JSON of docs/client-crypto.md "Pinned keys". */
export class InvalidKeyPins extends CryptoError {
  override readonly name = "InvalidKeyPins";
}

/** Decrypted metadata was not UTF-8 JSON of the shape {title: string, tags: string[]}. */
export class InvalidMetadata extends CryptoError {
  override readonly name = "InvalidMetadata";
}

export type RecoveryCodeProblem = "length" | "character" | "trailing-bits";

/** A recovery code could not be read; `problem` says why, for a precise UI message. */
export class InvalidRecoveryCode extends CryptoError {
  override readonly name = "InvalidRecoveryCode";
  constructor(
    readonly problem: RecoveryCodeProblem,
    message: string,
  ) {
    super(message);
  }
}

export function assertLength(bytes: Uint8Array, expected: number, what: string): void {
  if (bytes.length !== expected) throw new InvalidLength(what, expected, bytes.length);
}

/** A live-room frame opened but is not one this client understands (unknown kind, empty). */
export class InvalidLiveFrame extends CryptoError {
  override readonly name = "InvalidLiveFrame";
}

/** A signature block was malformed (not Base64 of 80 bytes). */
export class InvalidSignature extends CryptoError {
  override readonly name = "InvalidSignature";
}

/** What a share link served opened but is not the content JSON of "Share links". */
export class InvalidShareLinkContent extends CryptoError {
  override readonly name = "InvalidShareLinkContent";
}

/**
 * An attachment did not hold together (docs/client-crypto.md, "Attachments"): its
 * metadata was malformed, or the server's record or chunks contradict what the
 * sealed metadata says (a chunk missing, one too many, a size that does not add up).
 */
export class InvalidAttachment extends CryptoError {
  override readonly name = "InvalidAttachment";
}
