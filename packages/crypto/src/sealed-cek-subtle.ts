// Opening sealed content keys (sealed-cek.ts) with WebCrypto's X25519 instead of
// libsodium's WebAssembly: the same bytes out, for less work (issue 35: 100,000 wraps
// opened on a first sync). Node runs the multiplication on its thread pool; Chromium
// runs it on the calling thread, in about a third of the WebAssembly's time (the web
// app calls it from a worker). crypto_box_seal_open(c, pk, sk), spelled out:
//   epk = c[0..32), nonce = BLAKE2b-192(epk ‖ pk),
//   k = HSalsa20(X25519(sk, epk), 0¹⁶), cek = crypto_secretbox_open_easy(c[32..), nonce, k).
// An opening WebCrypto cannot make (no X25519 here, a point it refuses) answers
// undefined; the caller then opens with openSealedCek, whose verdict is the one to report.
import { fromBase64 } from "./base64";
import { concatBytes } from "./concat-bytes";
import { hsalsa20 } from "./hsalsa20";
import { CEK_BYTES } from "./sealed-cek";
import type { SharingKeyPair } from "./sharing-keypair";
import type { Sodium } from "./sodium";

type SubtleSodium = Pick<Sodium, "crypto_generichash" | "crypto_secretbox_open_easy">;

/** RFC 8410's PKCS #8 prefix for a raw X25519 private key (OID 1.3.101.110). */
const PKCS8_X25519 = Uint8Array.of(
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x6e,
  0x04,
  0x22,
  0x04,
  0x20,
);
const SEALED_BYTES = 32 + 16 + CEK_BYTES;
const ZERO16 = new Uint8Array(16);

export interface SubtleCekOpener {
  /** The content key, or undefined when this opener could not open the wrap. */
  open(wrappedCek: string): Promise<Uint8Array | undefined>;
}

/**
 * An opener for `keyPair`'s wraps, or undefined when the platform has no WebCrypto
 * X25519. The private key is imported once, not extractable; the bytes handed to the
 * import are zeroed after it.
 */
export async function subtleCekOpener(
  sodium: SubtleSodium,
  keyPair: SharingKeyPair,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<SubtleCekOpener | undefined> {
  if (!subtle || keyPair.privateKey.length !== 32) return undefined;
  const pkcs8 = new Uint8Array(PKCS8_X25519.length + 32);
  pkcs8.set(PKCS8_X25519);
  pkcs8.set(keyPair.privateKey, PKCS8_X25519.length);
  let privateKey: CryptoKey;
  try {
    privateKey = await subtle.importKey("pkcs8", pkcs8, { name: "X25519" }, false, ["deriveBits"]);
  } catch {
    return undefined;
  } finally {
    pkcs8.fill(0);
  }
  const publicKey = keyPair.publicKey;
  return {
    async open(wrappedCek) {
      let sealed: Uint8Array;
      try {
        sealed = fromBase64(wrappedCek);
      } catch {
        return undefined;
      }
      if (sealed.length !== SEALED_BYTES) return undefined;
      const ephemeral = sealed.slice(0, 32);
      let shared: Uint8Array;
      try {
        const theirs = await subtle.importKey("raw", ephemeral, { name: "X25519" }, false, []);
        const bits = await subtle.deriveBits({ name: "X25519", public: theirs }, privateKey, 256);
        shared = new Uint8Array(bits);
      } catch {
        return undefined;
      }
      const key = hsalsa20(shared, ZERO16);
      shared.fill(0);
      try {
        const nonce = sodium.crypto_generichash(24, concatBytes([ephemeral, publicKey]), null);
        const cek = sodium.crypto_secretbox_open_easy(sealed.subarray(32), nonce, key);
        return cek.length === CEK_BYTES ? cek : undefined;
      } catch {
        return undefined;
      } finally {
        key.fill(0);
      }
    },
  };
}
