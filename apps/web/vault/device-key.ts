// A per-browser AES-GCM key that WebCrypto created non-extractable: script can use
// it but never read its bytes, and IndexedDB stores the key object itself. The
// session's secrets are stored only sealed under it, so a copied IndexedDB file
// alone does not open the vault.
export interface SealedBytes {
  iv: Uint8Array<ArrayBuffer>;
  data: Uint8Array<ArrayBuffer>;
}

export function createDeviceKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

export async function sealWithDeviceKey(key: CryptoKey, plain: Uint8Array): Promise<SealedBytes> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new Uint8Array(plain));
  return { iv, data: new Uint8Array(data) };
}

export async function openWithDeviceKey(key: CryptoKey, sealed: SealedBytes): Promise<Uint8Array> {
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: sealed.iv }, key, sealed.data);
  return new Uint8Array(plain);
}
