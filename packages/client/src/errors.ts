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
