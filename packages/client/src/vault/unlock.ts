// Opens the key material of an authentication response with a master key: unwraps the
// sharing private key, or creates and stores a keypair when the account truly has none
// yet; derives the signing key and publishes its public half when the account has none
// yet. Publishing either needs the password's current auth key (issue 33, item 9: a
// session token alone cannot publish keys), so a session opened without the password
// (a passkey, a device link, one restored from storage) publishes nothing: a missing
// signing key waits for the next password sign-in, and a missing keypair is refused
// (KeyPublicationNeedsPassword) rather than made where it cannot be published.
import {
  deriveSigningKeyPair,
  fromBase64,
  generateSharingKeyPair,
  loadSodium,
  type SharingKeyPair,
  type SigningKeyPair,
  sharingPublicKey,
  toBase64,
  unwrapKey,
  wrapKey,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { AuthResponse } from "../api/types";
import { ForeignSigningKey, KeyPublicationNeedsPassword, MissingKeyMaterial } from "../errors";
import { ContentKeyring } from "../keys/content-keyring";
import { MemoryKeyPins } from "../trust/key-pins";
import type { Session } from "./session";
import { assertKeypairNotWithheld } from "./withheld-keypair";

/**
 * `authKey` is the password's auth key the caller just proved (sign-in, recovery's new
 * one); without it nothing is published.
 */
export async function openSessionKeys(
  api: ApiClient,
  identifier: string,
  auth: AuthResponse,
  masterKey: Uint8Array,
  authKey?: Uint8Array,
): Promise<Session> {
  api.setToken(auth.token);
  const keyPair = await openOrMakeKeyPair(api, auth, masterKey, authKey);
  const signingKeyPair = await openSigningKeyPair(
    api,
    masterKey,
    auth.keys.signingPublicKey,
    authKey,
  );
  return {
    identifier,
    token: auth.token,
    account: auth.account,
    masterKey,
    keyPair,
    signingKeyPair,
    kdfIterations: auth.keys.kdfIterations,
    kdfSalt: auth.keys.kdfSalt,
    wrappedMasterKey: auth.keys.wrappedMasterKey,
    keyring: new ContentKeyring(),
    keyPins: new MemoryKeyPins(),
  };
}

async function openOrMakeKeyPair(
  api: ApiClient,
  auth: AuthResponse,
  masterKey: Uint8Array,
  authKey: Uint8Array | undefined,
): Promise<SharingKeyPair> {
  const { publicKey, wrappedPrivateKey } = auth.keys;
  if (wrappedPrivateKey) return unwrapKeyPair(masterKey, wrappedPrivateKey, publicKey);
  if (publicKey !== undefined) throw new MissingKeyMaterial("a public key without its private key");
  // Checked before anything is made: the answer may be withholding the keypair.
  assertKeypairNotWithheld(auth);
  return storeNewKeyPair(api, masterKey, authKey);
}

export async function unwrapKeyPair(
  masterKey: Uint8Array,
  wrappedPrivateKey: string,
  publicKey: string | undefined,
): Promise<SharingKeyPair> {
  const sodium = await loadSodium();
  const privateKey = unwrapKey(sodium, masterKey, wrappedPrivateKey);
  const derived = sharingPublicKey(sodium, privateKey);
  // The public key is recomputed, not trusted: a server swapping it would make peers
  // seal content keys to someone else.
  if (publicKey !== undefined && toBase64(fromBase64(publicKey)) !== toBase64(derived)) {
    throw new MissingKeyMaterial("stored public key does not match the private key");
  }
  return { publicKey: derived, privateKey };
}

/**
 * Makes the account's first sharing keypair and publishes it with the password's auth
 * key. Without one (a session opened by a passkey or a device link) nothing is made:
 * a keypair that cannot be published would be this device's alone.
 */
export async function storeNewKeyPair(
  api: ApiClient,
  masterKey: Uint8Array,
  authKey?: Uint8Array,
): Promise<SharingKeyPair> {
  if (!authKey) throw new KeyPublicationNeedsPassword();
  const sodium = await loadSodium();
  const keyPair = generateSharingKeyPair(sodium);
  await api.call("keypair.put", {
    publicKey: toBase64(keyPair.publicKey),
    wrappedPrivateKey: wrapKey(sodium, masterKey, keyPair.privateKey),
    authKey: toBase64(authKey),
  });
  return keyPair;
}

/**
 * The account's signing key from the master key. An account made before signed content
 * publishes its public half once, when the password's auth key is at hand (otherwise
 * later: the session signs with the derived key either way). A published key that
 * differs from the derived one is not this account's (ForeignSigningKey): the server's
 * invention, or a key published with a stolen token before publication needed the
 * password.
 */
export async function openSigningKeyPair(
  api: ApiClient,
  masterKey: Uint8Array,
  published: string | undefined,
  authKey?: Uint8Array,
): Promise<SigningKeyPair> {
  const pair = await deriveSigningKeyPair(await loadSodium(), masterKey);
  const derived = toBase64(pair.publicKey);
  if (published === undefined) {
    if (authKey)
      await api.call("keypair.putSigningKey", {
        signingPublicKey: derived,
        authKey: toBase64(authKey),
      });
  } else if (toBase64(fromBase64(published)) !== derived) {
    throw new ForeignSigningKey(fromBase64(published));
  }
  return pair;
}

/**
 * For a session an app kept (restored from its own storage, without a sign-in): checks
 * that the signing key the server holds for the account, if any, is this account's
 * (ForeignSigningKey otherwise). It publishes a missing one only given the password's
 * `authKey`; without it, publication waits for the next password sign-in. Safe to call
 * at every start.
 */
export async function ensureSigningKeyPublished(
  api: ApiClient,
  session: Session,
  authKey?: Uint8Array,
): Promise<void> {
  let published: string | undefined;
  try {
    published = (await api.call("keypair.get", {})).signingPublicKey;
  } catch (error) {
    if (!isProblem(error, "no-keypair")) throw error;
  }
  await openSigningKeyPair(api, session.masterKey, published, authKey);
}
