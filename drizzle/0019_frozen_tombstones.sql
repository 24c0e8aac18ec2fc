-- A revoked member's tombstone carries the note as it was when they lost it, not
-- its live version, snapshot version and time (issue 22, finding 6); memberCount
-- of a tombstone is 0.
ALTER TABLE "note_members" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "note_members" ADD COLUMN "revoked_version" bigint;--> statement-breakpoint
ALTER TABLE "note_members" ADD COLUMN "revoked_snapshot_version" bigint;--> statement-breakpoint
-- Rows revoked before this migration: the moment is unknown, and the live values
-- are exactly what must not reach a former member, so they get values that say
-- nothing about the note: versions 0 and the migration's time.
UPDATE "note_members" SET "revoked_at" = now(), "revoked_version" = 0, "revoked_snapshot_version" = 0
WHERE "role" = 'revoked';--> statement-breakpoint
ALTER TABLE "note_members" ADD CONSTRAINT "note_members_revoked_frozen" CHECK ("note_members"."role" <> 'revoked' or ("note_members"."revoked_at" is not null and "note_members"."revoked_version" is not null and "note_members"."revoked_snapshot_version" is not null));