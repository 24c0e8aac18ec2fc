// Whom each account has looked up through users:resolve (contract.md §3). A roster
// replacement admits a newcomer only from here, and the owner's roster names a
// handle-less member only by the address recorded here: a bare account id, which
// co-members and bridge readers see, must never add anyone nor reveal an address.
import { pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const sharingContacts = pgTable(
  "sharing_contacts",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The address `accountId` resolved the contact by (the latest); null when only by handle. */
    email: text("email"),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.contactId] })],
);
