-- notes_session_deleted: the trigger function of `sessions_deleted_notify` (AFTER
-- DELETE ON sessions). Whichever path deletes a session (sign-out, revocation,
-- password change, recovery, an account's deletion by cascade), the deletion is
-- announced at commit on two channels: `notes_events`, where the realtime relay
-- closes that session's sockets, and `notes_sessions`, which app instances follow
-- to forget it from their session caches (packages/core/src/sessions/session-cache.ts)
-- without receiving every write announced on `notes_events`.
--
-- This file is the function's current definition: read and change it here, never in
-- drizzle/ (migrations are history). After a change, `pnpm db:functions` writes the
-- migration that applies it; until then the drift test
-- (packages/db/src/sql-functions.test.ts) fails.
CREATE OR REPLACE FUNCTION notes_session_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_payload text := json_build_object(
    'e', 'session', 'sessionId', OLD.id, 'accountId', OLD.account_id)::text;
BEGIN
  PERFORM pg_notify('notes_events', v_payload);
  PERFORM pg_notify('notes_sessions', v_payload);
  RETURN NULL;
END
$$;
