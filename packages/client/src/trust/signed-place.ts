// This account's place on a note as its owner signed it (issue 33, item 3): a removal
// or a role change the server reports is the server's word until the owner's roster
// chain says the same. The chain is read and verified (roster-chain.ts) only when the
// server reports such a change, so a quiet note costs nothing.
import type { Sodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { RosterChainRefused } from "../errors";
import type { Session } from "../vault/session";
import { noteOwnerOf } from "./note-owners";
import { readChainHead, rememberChainHead } from "./roster-chain";

export type SignedPlace =
  /** The verified head lists this account in `role`, or (`role` undefined) no longer lists it. */
  | { kind: "signed"; role: string | undefined }
  /** No chain to read it against: the owner is unknown here, or never signed a roster. */
  | { kind: "unsigned" }
  /** The chain did not verify, or could not be read. */
  | { kind: "refused"; error?: RosterChainRefused };

/** Where the owner's verified chain puts this account on `noteId` (`role`: as held here). */
export async function signedPlace(
  sodium: Sodium,
  api: ApiClient,
  session: Session,
  noteId: string,
  role: string | undefined,
): Promise<SignedPlace> {
  const owner = noteOwnerOf(session, noteId, role);
  if (!owner || owner === session.account.id.toLowerCase()) return { kind: "unsigned" };
  let head: Awaited<ReturnType<typeof readChainHead>>;
  try {
    head = await readChainHead(sodium, api, session, noteId, owner);
  } catch (error) {
    return { kind: "refused", ...(error instanceof RosterChainRefused && { error }) };
  }
  if (!head) return { kind: "unsigned" };
  rememberChainHead(session, noteId, head, "");
  const me = session.account.id.toLowerCase();
  return { kind: "signed", role: head.entry.members.find((m) => m.userId === me)?.role };
}
