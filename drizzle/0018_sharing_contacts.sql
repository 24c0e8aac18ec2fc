-- Whom each account resolved through users:resolve (packages/db/src/schema/sharing.ts):
-- a roster replacement admits newcomers only from here, and the owner's roster names
-- a handle-less member only by the address recorded here, never by accounts.email.
CREATE TABLE "sharing_contacts" (
	"account_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"email" text,
	CONSTRAINT "sharing_contacts_account_id_contact_id_pk" PRIMARY KEY("account_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "sharing_contacts" ADD CONSTRAINT "sharing_contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_contacts" ADD CONSTRAINT "sharing_contacts_contact_id_accounts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Members added before this migration stay addable by their notes' owners (a
-- client that resolved them then may hold their key in its cache, not a contact).
-- Live handle-less members keep the address their owner's roster showed until now,
-- so nothing is revealed that was not already, and the owner's client can still
-- re-seal to them by resolving that address; nobody else gets an address.
INSERT INTO "sharing_contacts" ("account_id", "contact_id", "email")
SELECT DISTINCT ON (n."owner_id", m."account_id") n."owner_id", m."account_id",
       CASE WHEN m."role" <> 'revoked' AND a."handle" IS NULL THEN a."email" END
FROM "note_members" m
JOIN "notes" n ON n."id" = m."note_id"
JOIN "accounts" a ON a."id" = m."account_id"
WHERE m."account_id" <> n."owner_id"
ORDER BY n."owner_id", m."account_id", (m."role" <> 'revoked' AND a."handle" IS NULL) DESC
ON CONFLICT DO NOTHING;
