-- notes_append: one append in one round trip, for an append that leaves alone
-- (packages/core/src/notes/append-updates.ts; under load they leave together through
-- notes_append_batch.sql, which answers each as this function would).
--
-- It locks the note, then reads the caller's role in a statement of its own: under
-- READ COMMITTED a statement that waits for a row lock re-reads the locked row but
-- not a joined one, so an editor removed while their append waited could still have
-- appended. Refusals, in this order: the note and role's (notes_refusal.sql:
-- note-not-found, note-deleted, view-only), note-too-large, then the owner's
-- (storage_refusal.sql over account_ceiling.sql: free-storage-full, storage-full).
-- Those helpers are the rules' one statement, which the TypeScript write paths call
-- too. A refusal raises SQLSTATE NT001 with the problem slug as message, so the whole
-- statement rolls back; packages/core/src/notes/refusals.ts turns it back into the
-- error the TypeScript write paths throw. A repeated requestId that passes
-- the role checks answers the first request's coordinates (appends to one note are
-- serialized by the note's lock, so a racing repeat reads the first one's row). The
-- seq is drawn under the shared change lock (packages/core/src/notes/change-seq.ts).
-- Updates and metadata arrive as Base64 text.
--
-- Signatures (issue 21, signed content) travel in the same call: p_signatures is a
-- JSON array of Base64 signature blocks aligned with p_updates (entry i signs update
-- i; NULL, or a JSON null entry, leaves that update unsigned), p_metadata_signature
-- the new metadata's. The caller has checked their shape and signer. New metadata
-- replaces its signature too: without p_metadata_signature it is stored unsigned.
-- Signatures are not ciphertext: they count in no byte total or ceiling. Both come
-- last and default to NULL, so a caller that predates them (an older app instance
-- during a rolling deploy) still resolves to this function.
--
-- It does not NOTIFY: Postgres serializes the commits of every transaction that
-- notifies, which halved the function's throughput at 50 connections. The caller
-- announces the append after commit (packages/core/src/realtime/announcer.ts), for
-- which the function returns the note's owner (NULL for a repeat: nothing to announce).
--
-- SET enable_seqscan = off: every row it reads or writes is found by its primary
-- key. PL/pgSQL caches a plan per connection, made from the statistics of the moment;
-- on a young database the planner chose sequential scans and kept them while every
-- append left dead row versions behind (docs/benchmarks-log.md, "The append's plans and rows").
--
-- This file is the function's current definition: read and change it here, never in
-- drizzle/ (migrations are history). After a change, `pnpm db:functions` writes the
-- migration that applies it; until then the drift test
-- (packages/db/src/sql-functions.test.ts) fails.
CREATE OR REPLACE FUNCTION notes_append(
  p_note uuid,
  p_account uuid,
  p_request uuid,
  p_updates jsonb,
  p_metadata text,
  p_note_ceiling bigint,
  p_free_ceiling bigint,
  p_paid_ceiling bigint,
  p_signatures jsonb DEFAULT NULL,
  p_metadata_signature text DEFAULT NULL
) RETURNS TABLE (out_seq bigint, out_version bigint, out_owner uuid)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  n record;
  v_updates bytea[];
  v_metadata bytea := CASE WHEN p_metadata IS NULL THEN NULL ELSE decode(p_metadata, 'base64') END;
  v_delta bigint;
  v_seq bigint;
  v_version bigint;
  v_role text;
  v_refusal text;
BEGIN
  SELECT notes.owner_id, notes.deleted, notes.version, notes.bytes,
         coalesce(octet_length(notes.metadata), 0) AS metadata_bytes
    INTO n
    FROM notes WHERE notes.id = p_note
    FOR NO KEY UPDATE;
  -- A statement of its own, after the lock: it sees a roster change committed while
  -- this append waited (a joined row would have been read before the wait). No note
  -- leaves n's fields NULL, which notes_refusal answers as note-not-found.
  SELECT m.role INTO v_role FROM note_members m
    WHERE m.note_id = p_note AND m.account_id = p_account;
  v_refusal := notes_refusal(n.deleted, v_role);
  IF v_refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'NT001', MESSAGE = v_refusal; END IF;

  -- A repeat answers the first request's coordinates. Appends to one note are
  -- serialized by the lock above, so a racing repeat reads the first one's row here.
  IF p_request IS NOT NULL THEN
    RETURN QUERY SELECT r.seq, r.version, NULL::uuid FROM note_requests r
      WHERE r.note_id = p_note AND r.request_id = p_request;
    IF FOUND THEN RETURN; END IF;
  END IF;

  SELECT coalesce(array_agg(decode(e.value, 'base64') ORDER BY e.ord), '{}')
    INTO v_updates
    FROM jsonb_array_elements_text(p_updates) WITH ORDINALITY AS e(value, ord);
  v_delta := coalesce((SELECT sum(octet_length(u)) FROM unnest(v_updates) AS u), 0)
    + CASE WHEN v_metadata IS NULL THEN 0 ELSE octet_length(v_metadata) - n.metadata_bytes END;
  IF n.bytes + v_delta > p_note_ceiling THEN
    RAISE EXCEPTION USING ERRCODE = 'NT001', MESSAGE = 'note-too-large';
  END IF;

  PERFORM pg_advisory_xact_lock_shared(7340220);
  v_seq := nextval('change_seq');
  v_version := n.version + coalesce(array_length(v_updates, 1), 0);

  INSERT INTO note_updates (note_id, version, data, signature)
    SELECT p_note, n.version + u.ord, u.data, decode(p_signatures ->> (u.ord::int - 1), 'base64')
    FROM unnest(v_updates) WITH ORDINALITY AS u(data, ord);
  UPDATE notes SET version = v_version, bytes = bytes + v_delta, updated_at = now(),
                   metadata = coalesce(v_metadata, metadata),
                   metadata_signature = CASE WHEN v_metadata IS NULL THEN metadata_signature
                                             ELSE decode(p_metadata_signature, 'base64') END
    WHERE id = p_note;
  UPDATE note_members SET seq = v_seq WHERE note_id = p_note AND role <> 'revoked';
  IF p_request IS NOT NULL THEN
    INSERT INTO note_requests (note_id, request_id, seq, version)
      VALUES (p_note, p_request, v_seq, v_version);
  END IF;

  SELECT storage_refusal(account_bytes, v_delta,
           account_ceiling(complimentary, subscription_status, p_free_ceiling, p_paid_ceiling),
           p_free_ceiling)
    INTO v_refusal
    FROM accounts WHERE id = n.owner_id FOR NO KEY UPDATE;
  IF v_refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'NT001', MESSAGE = v_refusal; END IF;
  UPDATE accounts SET account_bytes = account_bytes + v_delta WHERE id = n.owner_id;
  RETURN QUERY SELECT v_seq, v_version, n.owner_id;
END
$$;
