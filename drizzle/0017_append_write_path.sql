-- The append's write path, as measured under the append benchmark (BENCHMARKS.md,
-- "The append's plans and rows").
--
-- 1. Every row the two append functions read or write is found by its primary key
-- (notes, note_members, note_requests, accounts): no plan of theirs should scan a
-- whole table. PL/pgSQL caches a plan per connection, made from the statistics of
-- the moment: on a young or small database the planner picks hash joins over
-- sequential scans and keeps them while every append leaves dead row versions
-- behind, so each scan reads and checks them all (perf: heapgetpage and
-- HeapTupleSatisfiesVisibility under MultiExecHash in notes_append_batch, most of
-- Postgres's CPU).
ALTER FUNCTION notes_append_batch(jsonb, bigint, bigint, bigint) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION notes_append(uuid, uuid, uuid, jsonb, text, bigint, bigint, bigint) SET enable_seqscan = off;--> statement-breakpoint
-- 2. Every append rewrites its note's row (version, bytes, updated_at), and the
-- row holds the snapshot inline below ~2 KB (TOAST's threshold), so a new row
-- version can be a kilobyte. Postgres makes it a HOT update (no index entries,
-- the old version pruned in place) only when it fits on the old version's page,
-- and prunes a page only once its free space falls below 10%: with full pages
-- and kilobyte rows most appends moved their note to a new page, with new entries
-- in both of its indexes and a table that grew without bound between vacuums
-- (59% of the appends under the benchmark). With 30% of each page kept free,
-- pruning starts early enough for the next version to fit beside the old one.
-- New pages only: existing ones fill as they are rewritten.
ALTER TABLE "notes" SET (fillfactor = 70);
