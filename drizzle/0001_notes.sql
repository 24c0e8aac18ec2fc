CREATE SEQUENCE "public"."change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "note_members" (
	"note_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"role" text NOT NULL,
	"wrapped_cek" "bytea",
	"seq" bigint NOT NULL,
	CONSTRAINT "note_members_note_id_account_id_pk" PRIMARY KEY("note_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "note_requests" (
	"note_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "note_requests_note_id_request_id_pk" PRIMARY KEY("note_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "note_updates" (
	"note_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "note_updates_note_id_version_pk" PRIMARY KEY("note_id","version")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"metadata" "bytea",
	"snapshot" "bytea",
	"snapshot_version" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"next_revision" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"note_id" uuid NOT NULL,
	"revision" bigint NOT NULL,
	"snapshot" "bytea" NOT NULL,
	"bytes" bigint NOT NULL,
	"base_revision" bigint,
	"author_id" uuid,
	"epoch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revisions_note_id_revision_pk" PRIMARY KEY("note_id","revision")
);
--> statement-breakpoint
ALTER TABLE "note_members" ADD CONSTRAINT "note_members_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_members" ADD CONSTRAINT "note_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_requests" ADD CONSTRAINT "note_requests_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_updates" ADD CONSTRAINT "note_updates_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_members_feed_idx" ON "note_members" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "notes_owner_idx" ON "notes" USING btree ("owner_id");