-- kt_enqueue_note_head: the trigger function of `notes_kt_head` (AFTER INSERT OR UPDATE
-- OF version, snapshot_version, snapshot, metadata ON notes, live notes only). Every
-- write that moves a note's head (creation, an append, a compaction, a metadata write)
-- puts the note in the next key-transparency epoch, in the writing transaction (issue
-- 33, item 12; docs/key-transparency.md, "Note heads"). One probe of a primary key: a
-- note written again before the epoch closes is already there. The epoch job
-- (packages/core/src/key-transparency/head-leaves.ts) compares, so an update that
-- changed nothing of the head logs nothing.
--
-- This file is the function's current definition: read and change it here, never in
-- drizzle/ (migrations are history). After a change, `pnpm db:functions` writes the
-- migration that applies it; until then the drift test
-- (packages/db/src/sql-functions.test.ts) fails.
CREATE OR REPLACE FUNCTION kt_enqueue_note_head() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kt_head_pending (note_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
