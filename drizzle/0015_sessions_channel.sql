-- A deleted session is also announced on a channel of its own, `notes_sessions`.
-- App instances follow revocations there (their session caches), so they no longer
-- LISTEN on `notes_events`, where every append and creation is announced: each
-- instance received and parsed the whole write traffic of the service for the sake
-- of a rare revocation. The relay keeps hearing revocations on `notes_events`.
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
