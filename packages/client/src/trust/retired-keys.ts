// Content under a retired content key (issue 21, attack 3; docs/client-crypto.md,
// "Signed content"). After someone is removed the note's key rotates, but the removed
// person keeps the old key, and the server can place whatever they seal under it into
// the note. A late edit of someone still on the note (written before their device
// heard of the rotation) looks the same, except that it is signed by a member. So:
// content that opens only under a former key is taken when, and only when, it carries
// a valid signature by someone on the roster this device read under the current key.
import type { Session } from "../vault/session";
import { rosterOf } from "./note-rosters";
import type { SignatureCheck } from "./signature-check";

/** "unsure": this device lacks the current roster (or the signer's key); retry later. */
export type FormerKeyVerdict = "accept" | "refuse" | "unsure";

export function judgeFormerKeyContent(
  session: Session,
  noteId: string,
  wrappedCek: string | undefined,
  check: SignatureCheck,
): FormerKeyVerdict {
  if (check.status === "unsigned" || check.status === "invalid") return "refuse";
  const roster = rosterOf(session, noteId);
  if (!roster || roster.wrappedCek !== wrappedCek) return "unsure";
  if (!roster.members.has(check.signerId)) return "refuse";
  return check.status === "signed" ? "accept" : "unsure";
}
