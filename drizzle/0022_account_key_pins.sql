-- Issue 21: the account's pinned sharing keys, sealed by its devices under the master
-- key, kept so that the account's other devices share them (docs/client-crypto.md).
CREATE TABLE "account_key_pins" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_key_pins" ADD CONSTRAINT "account_key_pins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;