CREATE TABLE "share_links" (
	"id" text PRIMARY KEY NOT NULL,
	"note_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"sealed" "bytea",
	"signature" "bytea",
	"owner_keys" "bytea",
	"access_verifier" "bytea" NOT NULL,
	"password_required" boolean NOT NULL,
	"kdf_iterations" integer,
	"expires_at" timestamp with time zone,
	"max_views" integer,
	"views" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "share_links_mode" CHECK ("share_links"."mode" in ('snapshot', 'follow'))
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_links_owner_idx" ON "share_links" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "share_links_note_idx" ON "share_links" USING btree ("note_id");