// Opens the key material of an authentication response with a master key: unwraps the
// sharing private key, or creates and stores a keypair when the account has none yet;
// derives the signing key and publishes its public half when the account has none yet.
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
import { MissingKeyMaterial } from "../errors";
import { ContentKeyring } from "../keys/content-keyring";
import { MemoryKeyPins } from "../trust/key-pins";
import type { Session } from "./session";

export async function openSessionKeys(
  api: ApiClient,
  identifier: string,
  auth: AuthResponse,
  masterKey: Uint8Array,
): Promise<Session> {
  api.setToken(auth.token);
  const keyPair = auth.keys.wrappedPrivateKey
    ? await unwrapKeyPair(masterKey, auth.keys.wrappedPrivateKey, auth.keys.publicKey)
    : await storeNewKeyPair(api, masterKey);
  const signingKeyPair = await openSigningKeyPair(api, masterKey, auth.keys.signingPublicKey);
  return {
    identifier,
    token: auth.token,
    account: auth.account,
    masterKey,
    keyPair,
    signingKeyPair,
    kdfIterations: auth.keys.kdfIterations,
    kdfSalt: auth.keys.kdfSalt,
    keyring: new ContentKeyring(),
    keyPins: new MemoryKeyPins(),
  };
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

export async function storeNewKeyPair(
  api: ApiClient,
  masterKey: Uint8Array,
): Promise<SharingKeyPair> {
  const sodium = await loadSodium();
  const keyPair = generateSharingKeyPair(sodium);
  await api.call("keypair.put", {
    publicKey: toBase64(keyPair.publicKey),
    wrappedPrivateKey: wrapKey(sodium, masterKey, keyPair.privateKey),
  });
  return keyPair;
}

/**
 * The account's signing key from the master key. An account made before signed content
 * publishes its public half once; a published key that differs from the derived one is
 * the server's invention (or another master key's), and is refused like a swapped
 * sharing key.
 */
export async function openSigningKeyPair(
  api: ApiClient,
  masterKey: Uint8Array,
  published: string | undefined,
): Promise<SigningKeyPair> {
  const pair = await deriveSigningKeyPair(await loadSodium(), masterKey);
  const derived = toBase64(pair.publicKey);
  if (published === undefined) {
    await api.call("keypair.putSigningKey", { signingPublicKey: derived });
  } else if (toBase64(fromBase64(published)) !== derived) {
    throw new MissingKeyMaterial("stored signing key does not match the master key");
  }
  return pair;
}

/**
 * For a session an app kept from before signed content (restored from its own storage,
 * without a sign-in): publishes the account's signing key if the server has none yet,
 * so others can check what this session signs. Safe to call at every start.
 */
export async function ensureSigningKeyPublished(api: ApiClient, session: Session): Promise<void> {
  let published: string | undefined;
  try {
    published = (await api.call("keypair.get", {})).signingPublicKey;
  } catch (error) {
    if (!isProblem(error, "no-keypair")) throw error;
  }
  await openSigningKeyPair(api, session.masterKey, published);
}
