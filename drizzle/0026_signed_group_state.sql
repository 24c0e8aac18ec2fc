-- Issue 33, the group state signed by its owner: the note's membership chain
-- (note_roster_entries), signed key handouts beside each wrap (note_members.wrap_signature,
-- wrap_epoch; bridge_keys.signature, epoch_number), the owner's signature over a deletion
-- (notes.deletion_signature), and key pins split in shards so they scale past one sealed
-- copy (account_key_pin_shards). All opaque to the server; every column is nullable, so
-- rows written before keep working and read as unsigned.
CREATE TABLE "account_key_pin_shards" (
	"account_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"sealed" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_key_pin_shards_account_id_shard_pk" PRIMARY KEY("account_id","shard")
);
--> statement-breakpoint
CREATE TABLE "note_roster_entries" (
	"note_id" uuid NOT NULL,
	"epoch" bigint NOT NULL,
	"entry" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_roster_entries_note_id_epoch_pk" PRIMARY KEY("note_id","epoch")
);
--> statement-breakpoint
ALTER TABLE "bridge_keys" ADD COLUMN "signature" "bytea";--> statement-breakpoint
ALTER TABLE "bridge_keys" ADD COLUMN "epoch_number" bigint;--> statement-breakpoint
ALTER TABLE "note_members" ADD COLUMN "wrap_signature" "bytea";--> statement-breakpoint
ALTER TABLE "note_members" ADD COLUMN "wrap_epoch" bigint;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "deletion_signature" "bytea";--> statement-breakpoint
ALTER TABLE "account_key_pin_shards" ADD CONSTRAINT "account_key_pin_shards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_roster_entries" ADD CONSTRAINT "note_roster_entries_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;