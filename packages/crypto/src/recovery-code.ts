// The recovery key and its human form (§9 byte-level detail 3): 32 random bytes shown
// once as RFC 4648 Base32, upper case, 13 groups of 4 joined by "-". Reading ignores
// case, whitespace and hyphens, reads the digits 0 and 1 (not in the alphabet, which
// has only 2–7) as the letters O and I they are mistaken for (issue 38), and refuses
// anything that is not exactly such a key.
import { fromBase32, toBase32 } from "./base32";
import { assertLength, InvalidRecoveryCode } from "./errors";
import type { Sodium } from "./sodium";

export const RECOVERY_KEY_BYTES = 32;
const CODE_CHARS = 52;
const GROUP = 4;

export function generateRecoveryKey(sodium: Pick<Sodium, "randombytes_buf">): Uint8Array {
  return sodium.randombytes_buf(RECOVERY_KEY_BYTES);
}

export function formatRecoveryCode(recoveryKey: Uint8Array): string {
  assertLength(recoveryKey, RECOVERY_KEY_BYTES, "recovery key");
  return (toBase32(recoveryKey).match(/.{1,4}/g) ?? []).join("-");
}

export function parseRecoveryCode(code: string): Uint8Array {
  const compact = code
    .replace(/[\s-]/g, "")
    .toUpperCase()
    .replaceAll("0", "O")
    .replaceAll("1", "I");
  if (compact.length !== CODE_CHARS) {
    throw new InvalidRecoveryCode(
      "length",
      `a recovery code has ${CODE_CHARS} characters (${CODE_CHARS / GROUP} groups of ${GROUP}), got ${compact.length}`,
    );
  }
  const decoded = fromBase32(compact);
  if (decoded.ok) return decoded.bytes;
  if (decoded.problem === "character") {
    throw new InvalidRecoveryCode("character", "a recovery code uses only A–Z and 2–7");
  }
  // 52 characters carry 260 bits; the last 4 must be zero, so the code ends in A or Q.
  throw new InvalidRecoveryCode(
    "trailing-bits",
    "the last character of the recovery code is wrong",
  );
}
