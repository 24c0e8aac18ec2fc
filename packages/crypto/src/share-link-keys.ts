// The keys a share link's secret yields (docs/client-crypto.md, "Share links"):
//   secret     = linkKey                                   (no password)
//              = HKDF(linkKey ‖ PBKDF2(password, linkId, iterations),
//                     "notes/share-link/password/v1")      (with a password)
//   contentKey = HKDF(secret, "notes/share-link/content/v1")  seals what the link serves
//   accessKey  = HKDF(secret, "notes/share-link/access/v1")   the reader's proof to the server
//   accessVerifier = SHA-256(accessKey)                       what the server stores
// The server checks the access key before it serves anything, so a wrong password is
// refused without a ciphertext to guess against offline and without counting a view;
// it never learns the content key, which is another HKDF output of the same secret.
// The password floor is sign-in's (contract.md §2: PBKDF2-HMAC-SHA256, 600,000 …
// 10,000,000 iterations); the link id is the salt.
import { concatBytes } from "./concat-bytes";
import { assertLength, InvalidKdfParameters } from "./errors";
import { hkdfSha256 } from "./hkdf";
import { pbkdf2Sha256 } from "./pbkdf2";
import { SHARE_LINK_KEY_BYTES, shareLinkIdBytes } from "./share-link-id";
import { utf8Encode } from "./utf8";

export const SHARE_LINK_LABELS = {
  password: "notes/share-link/password/v1",
  content: "notes/share-link/content/v1",
  access: "notes/share-link/access/v1",
} as const;

/** Sign-in's KDF floor and ceiling (contract.md §2), and the default a link is made with. */
export const SHARE_LINK_MIN_ITERATIONS = 600_000;
export const SHARE_LINK_MAX_ITERATIONS = 10_000_000;

export interface ShareLinkPassword {
  /** Hashed as its UTF-8 bytes exactly as typed (no normalisation, no trimming). */
  password: string;
  iterations: number;
}

export interface ShareLinkKeys {
  contentKey: Uint8Array;
  accessKey: Uint8Array;
}

export async function deriveShareLinkKeys(
  linkKey: Uint8Array,
  linkId: string,
  password?: ShareLinkPassword,
): Promise<ShareLinkKeys> {
  assertLength(linkKey, SHARE_LINK_KEY_BYTES, "link key");
  const idBytes = shareLinkIdBytes(linkId);
  let secret = linkKey;
  if (password) {
    const { iterations } = password;
    if (
      !Number.isSafeInteger(iterations) ||
      iterations < SHARE_LINK_MIN_ITERATIONS ||
      iterations > SHARE_LINK_MAX_ITERATIONS
    ) {
      throw new InvalidKdfParameters(
        `a link password takes ${SHARE_LINK_MIN_ITERATIONS}…${SHARE_LINK_MAX_ITERATIONS} iterations, got ${iterations}`,
      );
    }
    const stretched = await pbkdf2Sha256(utf8Encode(password.password), idBytes, iterations);
    secret = await hkdfSha256(concatBytes([linkKey, stretched]), SHARE_LINK_LABELS.password);
  }
  return {
    contentKey: await hkdfSha256(secret, SHARE_LINK_LABELS.content),
    accessKey: await hkdfSha256(secret, SHARE_LINK_LABELS.access),
  };
}

/** SHA-256 of the access key: what the link's maker gives the server to check readers against. */
export async function shareLinkAccessVerifier(accessKey: Uint8Array): Promise<Uint8Array> {
  assertLength(accessKey, 32, "access key");
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(accessKey)));
}
