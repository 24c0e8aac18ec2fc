// Loading libsodium and the narrow slice of it the primitives use. Primitives take a
// `Sodium` parameter instead of importing the library, so they stay pure and testable.
import sodium from "libsodium-wrappers";

export type Sodium = Pick<
  typeof sodium,
  | "randombytes_buf"
  | "crypto_aead_xchacha20poly1305_ietf_encrypt"
  | "crypto_aead_xchacha20poly1305_ietf_decrypt"
  | "crypto_box_keypair"
  | "crypto_box_seal"
  | "crypto_box_seal_open"
  | "crypto_secretbox_open_easy"
  | "crypto_scalarmult_base"
  | "crypto_generichash"
  | "crypto_hash"
  | "crypto_sign_seed_keypair"
  | "crypto_sign_detached"
  | "crypto_sign_verify_detached"
>;

/** Resolves once the WebAssembly module is initialised; safe to call repeatedly. */
export async function loadSodium(): Promise<typeof sodium> {
  await sodium.ready;
  return sodium;
}
