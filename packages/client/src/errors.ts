// Typed errors the client raises on its own (server answers are ApiProblem). Callers
// branch on the class, never on message text.

export abstract class ClientError extends Error {}

/**
 * The server offered KDF parameters weaker than contract.md §2 allows. A malicious or
 * compromised server could otherwise make the password cheap to brute-force from the
 * auth key it receives, so the client refuses before hashing anything.
 */
export class WeakKdfParameters extends ClientError {
  override readonly name = "WeakKdfParameters";
  constructor(readonly kdfIterations: number) {
    super(`refusing kdfIterations ${kdfIterations}: the floor is 600000`);
  }
}

/** The server's answer lacks key material the client needs (e.g. no keypair). */
export class MissingKeyMaterial extends ClientError {
  override readonly name = "MissingKeyMaterial";
}

/**
 * A member's sharing public key could not be found: the roster names them by neither a
 * handle nor a discoverable address, and no PublicKeyDirectory entry holds their key.
 * Also raised when a handle now resolves to another account than the roster's.
 */
export class MemberKeyUnavailable extends ClientError {
  override readonly name = "MemberKeyUnavailable";
  constructor(readonly userId: string) {
    super(`no sharing public key known for member ${userId}`);
  }
}

/** A roster change names someone who is not a member (or the owner, who is implicit). */
export class NotAMember extends ClientError {
  override readonly name = "NotAMember";
  constructor(readonly userId: string) {
    super(`${userId} is not a member this change can apply to`);
  }
}

/** The server's answer lacks something the protocol promises (e.g. the roster ETag). */
export class UnexpectedResponse extends ClientError {
  override readonly name = "UnexpectedResponse";
}
