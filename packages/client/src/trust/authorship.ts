// Who wrote a shared note, as its signatures show (issue 21, attack 4): the accounts
// whose valid signatures are on the content this device applied, each "verified" when
// its key is a safety-number-compared pin (or this account's own) and "signed" when it
// is pinned on first use only; and whether any applied content could not be checked
// (unsigned: a client of §9 alone, or a signature stripped; or a key not yet known).
// `authorId`, `authorHandle` and the roster are the server's word; this is not.
import type { SignatureCheck } from "./signature-check";

export type SignerTrust = "verified" | "signed";

export interface Authorship {
  signers: Map<string, SignerTrust>;
  /** Some applied content carried no signature this device could check. */
  unchecked: boolean;
  /**
   * Some applied content carried a signature that does not verify under its signer's
   * pinned key (issue 33: said apart from a missing one, which an older app explains).
   */
  forged?: boolean;
}

export function recordSignature(holder: { authorship?: Authorship }, check: SignatureCheck): void {
  holder.authorship ??= { signers: new Map(), unchecked: false };
  const { authorship } = holder;
  if (check.status === "invalid") {
    authorship.forged = true;
    return;
  }
  if (check.status !== "signed") {
    authorship.unchecked = true;
    return;
  }
  const trust: SignerTrust = check.verified ? "verified" : "signed";
  if (authorship.signers.get(check.signerId) !== "verified") {
    authorship.signers.set(check.signerId, trust);
  }
}
