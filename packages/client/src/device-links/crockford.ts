// Crockford's Base32 (https://www.crockford.com/base32.html), the typed device-link
// code's alphabet (issue 38): digits and upper-case letters without I, L, O and U, so
// nothing shown looks like anything else; reading ignores case and takes I and L as 1
// and O as 0, the characters people type for them. Big-endian, 5 bits a character,
// the last character's spare bits zero (read strictly).
import { fromBase32, toBase32 } from "@notes/crypto";

export const CROCKFORD_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export const toCrockford = (bytes: Uint8Array): string => toBase32(bytes, CROCKFORD_ALPHABET);

/** The typed text normalised: no spaces or hyphens, upper case, look-alikes mapped. */
export function normaliseCrockford(text: string): string {
  return text.replace(/[\s-]/g, "").toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0");
}

/** The bytes of a normalised text, or undefined if a character or spare bit is wrong. */
export function fromCrockford(text: string): Uint8Array | undefined {
  const read = fromBase32(text, CROCKFORD_ALPHABET);
  return read.ok ? read.bytes : undefined;
}
