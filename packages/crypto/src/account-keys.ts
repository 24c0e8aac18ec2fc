// Password → account keys (§9): PBKDF2 stretch, then HKDF splits it into the auth key
// the server sees and the wrap key that never leaves the client.
import { HKDF_LABELS, hkdfSha256 } from "./hkdf";
import { pbkdf2Sha256 } from "./pbkdf2";
import { utf8Encode } from "./utf8";

export interface AccountKeys {
  stretched: Uint8Array;
  authKey: Uint8Array;
  wrapKey: Uint8Array;
}

/** The password is used as its UTF-8 bytes exactly as typed: no normalisation, no trimming. */
export async function deriveAccountKeys(
  password: string,
  kdfSalt: Uint8Array,
  iterations: number,
): Promise<AccountKeys> {
  const stretched = await pbkdf2Sha256(utf8Encode(password), kdfSalt, iterations);
  const [authKey, wrapKey] = await Promise.all([
    hkdfSha256(stretched, HKDF_LABELS.auth),
    hkdfSha256(stretched, HKDF_LABELS.wrap),
  ]);
  return { stretched, authKey, wrapKey };
}
