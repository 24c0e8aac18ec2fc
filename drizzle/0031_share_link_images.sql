ALTER TABLE "share_links" ADD COLUMN "attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "last_viewed_at" timestamp with time zone;