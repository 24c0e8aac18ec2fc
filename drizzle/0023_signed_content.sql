-- Issue 21, signed content: the account's Ed25519 signing public key, and a signature
-- block (the signer's 16-byte account id, then a 64-byte Ed25519 signature) beside
-- each piece of content a client signs: a note's snapshot and metadata, each update,
-- what a compaction keeps, revisions and bridge transmissions. All nullable: content
-- written before, or by clients that do not sign, stays unsigned. Adding a nullable
-- column without a default rewrites no table.
ALTER TABLE "accounts" ADD COLUMN "signing_public_key" "bytea";--> statement-breakpoint
ALTER TABLE "bridge_messages" ADD COLUMN "signature" "bytea";--> statement-breakpoint
ALTER TABLE "note_updates" ADD COLUMN "signature" "bytea";--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "snapshot_signature" "bytea";--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "metadata_signature" "bytea";--> statement-breakpoint
ALTER TABLE "previous_compaction_updates" ADD COLUMN "signature" "bytea";--> statement-breakpoint
ALTER TABLE "previous_compactions" ADD COLUMN "snapshot_signature" "bytea";--> statement-breakpoint
ALTER TABLE "revisions" ADD COLUMN "signature" "bytea";