// HKDF-SHA256 as §9 fixes it: empty salt, 32-byte output, info = the label's ASCII
// bytes, input = raw key bytes. WebCrypto, so it runs unchanged in browsers and Node 20.
import { utf8Encode } from "./utf8";

export const HKDF_LABELS = {
  auth: "notes/auth/v1",
  wrap: "notes/wrap/v1",
  recoveryAuth: "notes/recovery-auth/v1",
  recoveryWrap: "notes/recovery-wrap/v1",
  passkeyWrap: "notes/passkey-wrap/v1",
  deviceLink: "notes/device-link/v1",
  deviceLinkSealerProof: "notes/device-link-sealer-proof/v1",
  signingKey: "notes/signing-key/v1",
  seenHeads: "notes/seen-heads/v1",
} as const;

export async function hkdfSha256(inputKey: Uint8Array, label: string): Promise<Uint8Array> {
  // Copy into a fresh ArrayBuffer-backed view: WebCrypto's BufferSource type refuses
  // views over SharedArrayBuffer, and the copy keeps callers' buffers untouched.
  const ikm = await crypto.subtle.importKey("raw", new Uint8Array(inputKey), "HKDF", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: new Uint8Array(utf8Encode(label)),
    },
    ikm,
    256,
  );
  return new Uint8Array(bits);
}
