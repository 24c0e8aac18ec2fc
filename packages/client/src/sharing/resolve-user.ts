// Finding someone to share with (POST /v1/users:resolve): a handle, or an e-mail the
// person verified and made discoverable, answers their account id and the X25519
// public key content keys are sealed to. That key is the server's word; given the
// account's pins, a key other than the one pinned for that account is refused.
import { fromBase64, SHARING_KEY_BYTES } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { UnexpectedResponse } from "../errors";
import type { KeyPins } from "../trust/key-pins";
import { keyTransparencyFor } from "../trust/key-transparency";
import { checkSeenKey } from "../trust/pin-check";

export type UserQuery = { handle: string } | { email: string };

export interface ResolvedUser {
  userId: string;
  handle?: string;
  /** Raw 32-byte X25519 public key. */
  publicKey: Uint8Array;
  /** Raw 32-byte Ed25519 signing key, when the account has published one. */
  signingPublicKey?: Uint8Array;
}

/**
 * Throws ApiProblem user-not-found (404) for unknown, undiscoverable or key-less users.
 * With `pins` (keyPinsOf(session)), pins a first-seen key and throws PublicKeyChanged
 * for a key other than the pinned one; addMember checks again in any case.
 */
export async function resolveUser(
  api: ApiClient,
  query: UserQuery,
  pins?: KeyPins,
): Promise<ResolvedUser> {
  const found = await api.call("users.resolve", query);
  let publicKey = fromBase64(found.publicKey);
  if (publicKey.length !== SHARING_KEY_BYTES) {
    throw new UnexpectedResponse(`public key of ${found.userId} is ${publicKey.length} bytes`);
  }
  const signingPublicKey = found.signingPublicKey ? fromBase64(found.signingPublicKey) : undefined;
  if (pins) {
    // Pinned only once the key-transparency log proves these keys (issue 34).
    const transparency = keyTransparencyFor(api);
    publicKey = await checkSeenKey(
      pins,
      found.userId,
      publicKey,
      signingPublicKey,
      transparency,
      found.keyTransparency,
    );
  }
  return {
    userId: found.userId,
    ...(found.handle !== undefined && { handle: found.handle }),
    publicKey,
    ...(signingPublicKey && { signingPublicKey }),
  };
}
