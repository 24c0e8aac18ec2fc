// The safety number this account shares with another (docs/client-crypto.md,
// "Fingerprints and safety numbers"): the same 60 digits on both people's screens
// when each holds the other's real key. Compare them in person or over a channel the
// server does not carry, then markVerified.
import { type AccountKey, groupDigits, loadSodium, safetyNumber } from "@notes/crypto";
import type { Session } from "../vault/session";

/** 60 digits in twelve groups of five, e.g. for three rows of four. */
export async function safetyNumberWith(session: Session, other: AccountKey): Promise<string> {
  const own = {
    userId: session.account.id,
    publicKey: session.keyPair.publicKey,
    signingPublicKey: session.signingKeyPair.publicKey,
  };
  return groupDigits(safetyNumber(await loadSodium(), own, other));
}
