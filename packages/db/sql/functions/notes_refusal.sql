-- notes_refusal: whether an account may write to a note, given the note's `deleted`
-- (NULL: no such note) and the account's role on it (NULL: not a member), for what
-- the write needs: 'writer' (owner or editor), 'owner', or 'member' (any live member).
-- It answers the problem slug of the refusal, or NULL when the write may go ahead.
-- The order is contract.md §4's: no note or no membership is note-not-found, then
-- note-deleted, then a removed member is note-not-found (never 403, so existence does
-- not leak), then owner-required or view-only.
--
-- The one statement of this rule: notes_append and notes_append_batch call it, and
-- so do the TypeScript write paths (lockNoteForWrite in
-- packages/core/src/notes/note-access.ts), whose refusals.ts turns the slug into the
-- error thrown. LANGUAGE sql and IMMUTABLE, so the planner inlines it as the CASE
-- below: it costs the callers no function call.
--
-- This file is the function's current definition: read and change it here, never in
-- drizzle/ (migrations are history). After a change, `pnpm db:functions` writes the
-- migration that applies it; until then the drift test
-- (packages/db/src/sql-functions.test.ts) fails.
CREATE OR REPLACE FUNCTION notes_refusal(
  p_deleted boolean,
  p_role text,
  p_need text DEFAULT 'writer'
) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
SELECT CASE WHEN p_deleted IS NULL OR p_role IS NULL THEN 'note-not-found'
            WHEN p_deleted THEN 'note-deleted'
            WHEN p_role = 'revoked' THEN 'note-not-found'
            WHEN p_need = 'owner' AND p_role <> 'owner' THEN 'owner-required'
            WHEN p_need = 'writer' AND p_role = 'viewer' THEN 'view-only'
       END
$$;
