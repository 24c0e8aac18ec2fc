// The device-link transfer (contract.md §9): each side makes an ephemeral ECDH P-256
// keypair (WebCrypto, public half as SPKI); the shared secret goes through
// HKDF(shared, "notes/device-link/v1") to an AES-256-GCM key; seal =
// Base64(12-byte nonce ‖ ciphertext ‖ tag). The link id is the associated data, so a
// seal cannot be replayed into another link.
import { fromBase64, toBase64 } from "./base64";
import { DecryptionFailed, InvalidLength } from "./errors";
import { HKDF_LABELS, hkdfSha256 } from "./hkdf";
import { utf8Encode } from "./utf8";

const ECDH = { name: "ECDH", namedCurve: "P-256" } as const;
export const LINK_NONCE_BYTES = 12;

export interface LinkKeyPair {
  privateKey: CryptoKey;
  /** The public half, SPKI-encoded (91 bytes for P-256). */
  publicKey: Uint8Array;
}

export async function generateLinkKeyPair(): Promise<LinkKeyPair> {
  const pair = await crypto.subtle.generateKey(ECDH, false, ["deriveBits"]);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  return { privateKey: pair.privateKey, publicKey };
}

/** The AES-256-GCM key both sides reach from their private key and the other's SPKI. */
export async function deriveLinkKey(
  privateKey: CryptoKey,
  peerPublicKey: Uint8Array,
): Promise<CryptoKey> {
  const peer = await crypto.subtle.importKey(
    "spki",
    new Uint8Array(peerPublicKey),
    ECDH,
    false,
    [],
  );
  const shared = await crypto.subtle.deriveBits({ name: "ECDH", public: peer }, privateKey, 256);
  const raw = await hkdfSha256(new Uint8Array(shared), HKDF_LABELS.deviceLink);
  return crypto.subtle.importKey("raw", new Uint8Array(raw), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
}

export async function sealLinkPayload(
  key: CryptoKey,
  linkId: string,
  plaintext: Uint8Array,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(LINK_NONCE_BYTES));
  const additionalData = new Uint8Array(utf8Encode(linkId.toLowerCase()));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData },
    key,
    new Uint8Array(plaintext),
  );
  const out = new Uint8Array(LINK_NONCE_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), LINK_NONCE_BYTES);
  return toBase64(out);
}

export async function openLinkPayload(
  key: CryptoKey,
  linkId: string,
  sealed: string,
): Promise<Uint8Array> {
  const bytes = fromBase64(sealed);
  if (bytes.length < LINK_NONCE_BYTES + 16) {
    throw new InvalidLength("sealed link payload", LINK_NONCE_BYTES + 16, bytes.length);
  }
  const additionalData = new Uint8Array(utf8Encode(linkId.toLowerCase()));
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, LINK_NONCE_BYTES), additionalData },
      key,
      bytes.slice(LINK_NONCE_BYTES),
    );
    return new Uint8Array(plain);
  } catch (cause) {
    throw new DecryptionFailed("the device-link seal", { cause });
  }
}
