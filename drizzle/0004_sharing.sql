CREATE TABLE "realtime_tickets" (
	"hash" "bytea" PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"note_id" uuid,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "note_members" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "realtime_tickets" ADD CONSTRAINT "realtime_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_tickets" ADD CONSTRAINT "realtime_tickets_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_tickets_expiry_idx" ON "realtime_tickets" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "note_members" ADD CONSTRAINT "note_members_added_by_accounts_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;