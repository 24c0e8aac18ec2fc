ALTER TABLE "kt_roster_pending" ADD COLUMN "vrf_index" "bytea";--> statement-breakpoint
ALTER TABLE "kt_roster_pending" ADD COLUMN "vrf_proof" "bytea";