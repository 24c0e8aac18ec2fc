// Opens the key material of an authentication response with a master key: unwraps the
// sharing private key, or creates and stores a keypair when the account has none yet.
import {
  fromBase64,
  generateSharingKeyPair,
  loadSodium,
  type SharingKeyPair,
  sharingPublicKey,
  toBase64,
  unwrapKey,
  wrapKey,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
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
  return {
    identifier,
    token: auth.token,
    account: auth.account,
    masterKey,
    keyPair,
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
