// The people an account resolved through users:resolve (schema/sharing.ts). Only
// they may join its notes, so an account id seen elsewhere (a co-member's roster, a
// bridge transmission's author) neither adds anyone nor names them.
import { type Queryable, rows, sharingContacts } from "@notes/db";
import { sql } from "drizzle-orm";
import { DomainError } from "../errors";

/** A roster entry naming someone the owner never resolved (or no account at all). */
export const notAContact = (userId: string) =>
  new DomainError(
    "user-not-found",
    `No user ${userId} among the people you resolved; find them through users:resolve first.`,
  );

/**
 * Remembers that `accountId` resolved `contactId`, by `email` or (null) by handle. A
 * later look-up by handle keeps the address an earlier one recorded.
 */
export async function recordContact(
  q: Queryable,
  accountId: string,
  contactId: string,
  email: string | null,
): Promise<void> {
  await q
    .insert(sharingContacts)
    .values({ accountId, contactId, email })
    .onConflictDoUpdate({
      target: [sharingContacts.accountId, sharingContacts.contactId],
      set: { email: sql`coalesce(excluded.email, ${sharingContacts.email})` },
    });
}

/** Which of `contactIds` `accountId` has resolved. */
export async function resolvedContacts(
  q: Queryable,
  accountId: string,
  contactIds: string[],
): Promise<Set<string>> {
  if (contactIds.length === 0) return new Set();
  const found = await rows<{ contact_id: string }>(
    q,
    sql`select contact_id from sharing_contacts
        where account_id = ${accountId} and contact_id in (${sql.join(
          contactIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Set(found.map((r) => r.contact_id));
}
