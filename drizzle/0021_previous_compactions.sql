-- Issue 21, attack 6: a compaction keeps what it replaced (the snapshot and every
-- update pruned since) as the note's previous compaction, readable by the owner.
CREATE TABLE "previous_compaction_updates" (
	"note_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "previous_compaction_updates_note_id_version_pk" PRIMARY KEY("note_id","version")
);
--> statement-breakpoint
CREATE TABLE "previous_compactions" (
	"note_id" uuid PRIMARY KEY NOT NULL,
	"snapshot" "bytea" NOT NULL,
	"snapshot_version" bigint NOT NULL,
	"covers_version" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"compacted_by" uuid,
	"compacted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "previous_compaction_updates" ADD CONSTRAINT "previous_compaction_updates_note_id_previous_compactions_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."previous_compactions"("note_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previous_compactions" ADD CONSTRAINT "previous_compactions_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previous_compactions" ADD CONSTRAINT "previous_compactions_compacted_by_accounts_id_fk" FOREIGN KEY ("compacted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;