// Creates a share link (owner only): the client sealed the note's content under a key
// only the URL's fragment carries, signed it, and wrapped the link's keys to its master
// key; the server stores that, the access key's SHA-256, the expiry and the view limit.
// Its bytes count in the owner's usage; a free account holds at most FREE_SHARE_LINKS
// live links (402 link-limit). The id is the client's (it is sealed into the content),
// so a taken one is 409 link-exists.
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { tierOf } from "../accounts/tier";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { lockNoteForWrite } from "../notes/note-access";
import { byteLength, chargeStorage } from "../notes/storage";
import { requireCallerSigned } from "../shared/signature-block";
import { isUniqueViolation } from "../shared/unique-violation";
import type { Caller } from "../types";
import { endLinks, runOut } from "./end-links";
import { requireNoteAttachments } from "./link-attachments";
import { FREE_SHARE_LINKS, type LinkMode, type LinkView, readLink, toLinkView } from "./link-rows";

export interface NewLink {
  id: string;
  noteId: string;
  mode: LinkMode;
  sealed: Uint8Array;
  signature: Uint8Array;
  ownerKeys: Uint8Array;
  accessVerifier: Uint8Array;
  /** Present exactly when the link needs a password. */
  kdfIterations?: number | null | undefined;
  /** Seconds from now; absent or null: no expiry. */
  expiresIn?: number | null | undefined;
  maxViews?: number | null | undefined;
  /** The note's attachments the link shows (their keys are sealed in the content). */
  attachmentIds?: readonly string[] | undefined;
}

export async function createShareLink(
  core: Core,
  caller: Caller,
  link: NewLink,
): Promise<LinkView> {
  requireCallerSigned(caller.accountId, [["/signature", link.signature]]);
  const noteId = link.noteId.toLowerCase();
  const bytes = byteLength(link.sealed, link.ownerKeys);
  try {
    await core.db.transaction(async (tx) => {
      await lockNoteForWrite(tx, noteId, caller.accountId, "owner");
      const attachmentIds = await requireNoteAttachments(tx, noteId, link.attachmentIds);
      await endLinks(tx, sql`owner_id = ${caller.accountId} and ${runOut}`, false);
      const [account] = await rows<{
        complimentary: boolean;
        subscription_status: string;
        live: string | number;
      }>(
        tx,
        sql`select a.complimentary, a.subscription_status,
              (select count(*) from share_links l
               where l.owner_id = a.id and l.sealed is not null) as live
            from accounts a where a.id = ${caller.accountId} for update`,
      );
      if (
        account &&
        tierOf({
          complimentary: account.complimentary,
          subscriptionStatus: account.subscription_status,
        }) === "free" &&
        Number(account.live) >= FREE_SHARE_LINKS
      ) {
        throw new DomainError(
          "link-limit",
          `A free account keeps at most ${FREE_SHARE_LINKS} live share links; revoke one or upgrade.`,
        );
      }
      await chargeStorage(tx, caller.accountId, bytes);
      const expiresIn = link.expiresIn ?? null;
      await tx.execute(
        sql`insert into share_links (id, note_id, owner_id, mode, sealed, signature, owner_keys,
              access_verifier, password_required, kdf_iterations, expires_at, max_views, bytes,
              attachment_ids)
            values (${link.id}, ${noteId}, ${caller.accountId}, ${link.mode},
              ${Buffer.from(link.sealed)}, ${Buffer.from(link.signature)},
              ${Buffer.from(link.ownerKeys)}, ${Buffer.from(link.accessVerifier)},
              ${link.kdfIterations != null}, ${link.kdfIterations ?? null},
              ${expiresIn === null ? null : sql`now() + ${expiresIn}::int * interval '1 second'`},
              ${link.maxViews ?? null}, ${bytes},
              string_to_array(${attachmentIds.join(",")}, ',')::uuid[])`,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DomainError("link-exists", "That share link id is taken; draw another.");
    throw error;
  }
  const created = await readLink(core.db, link.id);
  if (!created) throw new Error("a share link vanished right after it was created");
  return toLinkView(created);
}
