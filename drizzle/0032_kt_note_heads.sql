CREATE TABLE "kt_head_leaves" (
	"note_id" uuid NOT NULL,
	"epoch" bigint NOT NULL,
	"version" bigint NOT NULL,
	"snapshot_version" bigint NOT NULL,
	"content_digest" "bytea" NOT NULL,
	"metadata_digest" "bytea" NOT NULL,
	"metadata" "bytea",
	"vrf_index" "bytea" NOT NULL,
	"vrf_proof" "bytea" NOT NULL,
	"opening" "bytea" NOT NULL,
	"commitment" "bytea" NOT NULL,
	CONSTRAINT "kt_head_leaves_note_id_epoch_pk" PRIMARY KEY("note_id","epoch")
);
--> statement-breakpoint
CREATE TABLE "kt_head_pending" (
	"note_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kt_head_pending" ADD CONSTRAINT "kt_head_pending_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kt_head_leaves_epoch" ON "kt_head_leaves" USING btree ("epoch");--> statement-breakpoint
-- Every write that moves a note's head enqueues it in the writing transaction (issue 33,
-- item 12): packages/db/sql/functions/kt_enqueue_note_head.sql says why and how.
CREATE OR REPLACE FUNCTION kt_enqueue_note_head() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kt_head_pending (note_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notes_kt_head AFTER INSERT OR UPDATE OF version, snapshot_version, snapshot, metadata
  ON notes FOR EACH ROW WHEN (NOT NEW.deleted) EXECUTE FUNCTION kt_enqueue_note_head();--> statement-breakpoint
-- Notes written before heads were logged: the first epochs after this log them (a bounded number an epoch).
INSERT INTO "kt_head_pending" ("note_id") SELECT "id" FROM "notes" WHERE NOT "deleted" ON CONFLICT DO NOTHING;
