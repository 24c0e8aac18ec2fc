-- touch_members: gives every live member's view of each note the seq of its change
-- (p_notes[i] gets p_seqs[i]); removed members ('revoked') see nothing more of it. The
-- change feed (GET /v1/changes, note_members_feed_idx) reads a member's notes by it.
--
-- The one statement of this rule: notes_append (one note), notes_append_batch (the
-- batch's notes) and the TypeScript write paths (touchMembers in
-- packages/core/src/notes/note-access.ts) call it. SET enable_seqscan = off, as for the
-- append functions: each row is found by the primary key (note_id, account_id), and a
-- plan cached while the table was small would scan it whole.
--
-- This file is the function's current definition: read and change it here, never in
-- drizzle/ (migrations are history). After a change, `pnpm db:functions` writes the
-- migration that applies it; until then the drift test
-- (packages/db/src/sql-functions.test.ts) fails.
CREATE OR REPLACE FUNCTION touch_members(p_notes uuid[], p_seqs bigint[]) RETURNS void
LANGUAGE sql
SET enable_seqscan = off
AS $$
UPDATE note_members m SET seq = t.seq
  FROM unnest(p_notes, p_seqs) AS t(note_id, seq)
 WHERE m.note_id = t.note_id AND m.role <> 'revoked'
$$;
