CREATE TABLE "kt_roster_leaves" (
	"note_id" uuid NOT NULL,
	"epoch" bigint NOT NULL,
	"chain_epoch" bigint NOT NULL,
	"entry_hash" "bytea" NOT NULL,
	"vrf_index" "bytea" NOT NULL,
	"vrf_proof" "bytea" NOT NULL,
	"opening" "bytea" NOT NULL,
	"commitment" "bytea" NOT NULL,
	CONSTRAINT "kt_roster_leaves_note_id_epoch_pk" PRIMARY KEY("note_id","epoch")
);
--> statement-breakpoint
CREATE TABLE "kt_roster_pending" (
	"note_id" uuid PRIMARY KEY NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kt_roster_pending" ADD CONSTRAINT "kt_roster_pending_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kt_roster_leaves_epoch" ON "kt_roster_leaves" USING btree ("epoch");--> statement-breakpoint
-- Notes whose owner signed a roster before rosters were logged: the first epoch logs their chain heads.
INSERT INTO "kt_roster_pending" ("note_id") SELECT DISTINCT "note_id" FROM "note_roster_entries" ON CONFLICT DO NOTHING;
