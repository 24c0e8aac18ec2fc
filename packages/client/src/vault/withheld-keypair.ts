// Issue 33, item 14: an authentication answer that says the account has no sharing
// keypair is checked against what the same answer gives away before a new keypair is
// made. Every client of this SDK publishes the keypair before the signing key and
// before any note (whose content key is sealed to it), so an account with either
// cannot lack one: the server is withholding it, and a new keypair would open none of
// the account's notes and show it empty.
import type { AuthResponse } from "../api/types";
import { KeypairWithheld } from "../errors";

export function assertKeypairNotWithheld(auth: Pick<AuthResponse, "account" | "keys">): void {
  if (auth.keys.signingPublicKey !== undefined) throw new KeypairWithheld("signing-key");
  // Read defensively: the answer is the server's, and a missing `usage` proves nothing.
  const noteCount = auth.account?.usage?.noteCount;
  if (typeof noteCount === "number" && noteCount > 0) throw new KeypairWithheld("notes");
}
