// The safety number two people compare (docs/client-crypto.md, "Fingerprints and
// safety numbers"): both accounts' 30-digit fingerprints, the smaller first, so each
// side computes the same 60 digits whoever starts. If the digits on both screens
// agree, each holds the other's real sharing key; the server was not in between.
import { type AccountKey, accountFingerprint } from "./account-fingerprint";
import type { Sodium } from "./sodium";

export function safetyNumber(
  sodium: Pick<Sodium, "crypto_hash">,
  one: AccountKey,
  other: AccountKey,
): string {
  const a = accountFingerprint(sodium, one);
  const b = accountFingerprint(sodium, other);
  return a <= b ? a + b : b + a;
}
