-- Why: the change lock's key and the members' seq fan-out were each written in three
-- places (both append functions and TypeScript); change_lock and touch_members are now
-- their one statement (issue 39), and the append functions call them.
-- Written by `pnpm db:functions`: a copy of packages/db/sql/functions/ (change_lock.sql, touch_members.sql, notes_append.sql, notes_append_batch.sql)
-- as it stood then. The files, not this copy, are the current definitions.
-- change_lock: the change lock of gap-free change numbers
-- (packages/core/src/notes/change-seq.ts). A writer takes it shared before drawing its
-- seq from change_seq and holds it until commit; a sync reader takes it exclusively
-- (p_exclusive) for the moment it reads the sequence's last value, so every seq at or
-- below that value belongs to a finished transaction.
--
-- The one place the lock's key (7340220) is written: notes_append, notes_append_batch
-- and the TypeScript paths (drawSeq, stableWatermark) call it.
--
-- This file is the function's current definition: read and change it here, never in
-- drizzle/ (migrations are history). After a change, `pnpm db:functions` writes the
-- migration that applies it; until then the drift test
-- (packages/db/src/sql-functions.test.ts) fails.
CREATE OR REPLACE FUNCTION change_lock(p_exclusive boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF p_exclusive THEN
    PERFORM pg_advisory_xact_lock(7340220);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(7340220);
  END IF;
END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
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

  PERFORM change_lock();
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
  PERFORM touch_members(ARRAY[p_note], ARRAY[v_seq]);
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
--> statement-breakpoint
-- notes_append_batch: group commit for appends. Under load, the appends that arrive
-- while one batch is in flight leave together in the next
-- (packages/core/src/notes/append-updates.ts): one call, one statement that checks
-- and writes them all, one commit, so the per-statement and per-commit work that
-- dominates a lone append's database cost is paid once a batch (docs/benchmarks-log.md).
--
-- Each item is answered as notes_append (notes_append.sql) would answer it:
-- * Locks: every note of the batch, then every owner, each in id order. Single
--   appends lock their note, then its owner, so no two writers wait on each other in
--   a cycle. The owners are locked by `id = ANY (array)`, an index lookup each (an
--   `IN (subquery)` was planned as a sequential scan of accounts). The role, the
--   deletion and the requestId are read by the statement after the locks, so a
--   roster change committed while the batch waited is seen.
-- * Refusals come back per item (out_refusal, a problem slug), never as an error:
--   one refused append does not undo the others. The rules are the helpers'
--   (notes_refusal.sql, account_ceiling.sql, storage_refusal.sql), as in notes_append.
-- * A repeated requestId answers the first request's coordinates and no owner.
-- * Storage ceilings: an owner whose usage storage_refusal would refuse within the
--   batch gets 'crowded' for all of its items, and nothing of theirs is written; the
--   caller sends those through notes_append one by one, which decides each refusal.
-- * A batch holds each note at most once (the caller's rule, checked here).
-- * Signatures (issue 21) ride in the items as notes_append takes them: `signatures`,
--   Base64 blocks aligned with `updates` (null or absent: unsigned), and
--   `metadataSignature`, which replaces the stored one whenever `metadata` is given.
--   They count in no byte total or ceiling.
--
-- SET enable_seqscan = off, as for notes_append: every row is found by its primary
-- key, and a cached plan made while the tables were small scanned them whole
-- (docs/benchmarks-log.md, "The append's plans and rows").
--
-- This file is the function's current definition: read and change it here, never in
-- drizzle/ (migrations are history). After a change, `pnpm db:functions` writes the
-- migration that applies it; until then the drift test
-- (packages/db/src/sql-functions.test.ts) fails.
CREATE OR REPLACE FUNCTION notes_append_batch(
  p_items jsonb,
  p_note_ceiling bigint,
  p_free_ceiling bigint,
  p_paid_ceiling bigint
) RETURNS TABLE (ord int, out_seq bigint, out_version bigint, out_owner uuid, out_refusal text)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_notes uuid[];
  v_owners uuid[];
BEGIN
  SELECT array_agg((e->>'note')::uuid) INTO v_notes FROM jsonb_array_elements(p_items) AS e;
  IF cardinality(v_notes) <> (SELECT count(DISTINCT x) FROM unnest(v_notes) AS x) THEN
    RAISE EXCEPTION 'notes_append_batch: a note appears twice in one batch';
  END IF;
  PERFORM 1 FROM notes WHERE id = ANY (v_notes) ORDER BY id FOR NO KEY UPDATE;
  SELECT array_agg(DISTINCT n.owner_id) INTO v_owners FROM notes n WHERE n.id = ANY (v_notes);
  PERFORM 1 FROM accounts WHERE id = ANY (v_owners) ORDER BY id FOR NO KEY UPDATE;
  PERFORM change_lock();

  RETURN QUERY
  WITH item AS (
    SELECT e.ord::int AS ord,
           (e.v->>'note')::uuid AS note_id,
           (e.v->>'account')::uuid AS account_id,
           (e.v->>'request')::uuid AS request_id,
           e.v->'updates' AS updates,
           e.v->'signatures' AS signatures,
           CASE WHEN e.v->>'metadata' IS NULL THEN NULL
                ELSE decode(e.v->>'metadata', 'base64') END AS metadata,
           decode(e.v->>'metadataSignature', 'base64') AS metadata_signature
      FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(v, ord)
  ), upd AS (
    SELECT i.ord, u.k::bigint AS k, decode(u.value, 'base64') AS data,
           decode(i.signatures ->> (u.k::int - 1), 'base64') AS signature
      FROM item i, jsonb_array_elements_text(i.updates) WITH ORDINALITY AS u(value, k)
  ), sized AS (
    SELECT i.ord,
           coalesce(sum(octet_length(u.data)), 0)::bigint AS upd_bytes,
           count(u.data)::bigint AS upd_count
      FROM item i LEFT JOIN upd u ON u.ord = i.ord
     GROUP BY i.ord
  ), checked AS (
    SELECT i.ord, i.note_id, i.request_id, i.metadata, i.metadata_signature,
           n.owner_id, n.version, n.bytes,
           s.upd_count,
           s.upd_bytes + CASE WHEN i.metadata IS NULL THEN 0
                              ELSE octet_length(i.metadata) - coalesce(octet_length(n.metadata), 0)
                         END AS delta,
           -- No note leaves n.deleted NULL: note-not-found.
           notes_refusal(n.deleted, m.role) AS refusal,
           r.seq AS repeat_seq,
           r.version AS repeat_version
      FROM item i
      JOIN sized s ON s.ord = i.ord
      LEFT JOIN notes n ON n.id = i.note_id
      LEFT JOIN note_members m ON m.note_id = i.note_id AND m.account_id = i.account_id
      LEFT JOIN note_requests r ON r.note_id = i.note_id AND r.request_id = i.request_id
  ), judged AS (
    SELECT c.*,
           coalesce(c.refusal, CASE WHEN c.repeat_seq IS NULL AND c.bytes + c.delta > p_note_ceiling
                                    THEN 'note-too-large' END) AS refused
      FROM checked c
  ), running AS (
    SELECT j.*,
           account_ceiling(a.complimentary, a.subscription_status,
                           p_free_ceiling, p_paid_ceiling) AS ceiling,
           a.account_bytes + sum(j.delta) OVER (PARTITION BY j.owner_id ORDER BY j.ord) AS used_after
      FROM judged j JOIN accounts a ON a.id = j.owner_id
     WHERE j.refused IS NULL AND j.repeat_seq IS NULL
  ), crowded AS (
    -- The usage the item meets: the owner's, with the batch's earlier items (a numeric
    -- sum, cast back to the helper's bigint).
    SELECT DISTINCT r.owner_id FROM running r
     WHERE storage_refusal((r.used_after - r.delta)::bigint, r.delta, r.ceiling,
                           p_free_ceiling) IS NOT NULL
  ), go AS (
    SELECT r.ord, r.note_id, r.request_id, r.metadata, r.metadata_signature,
           r.owner_id, r.version, r.upd_count, r.delta,
           nextval('change_seq') AS seq
      FROM running r
     WHERE r.owner_id NOT IN (SELECT c.owner_id FROM crowded c)
     ORDER BY r.ord
  ), ins_updates AS (
    INSERT INTO note_updates (note_id, version, data, signature)
      SELECT g.note_id, g.version + u.k, u.data, u.signature FROM go g JOIN upd u ON u.ord = g.ord
  ), upd_notes AS (
    UPDATE notes n
       SET version = g.version + g.upd_count, bytes = n.bytes + g.delta, updated_at = now(),
           metadata = coalesce(g.metadata, n.metadata),
           metadata_signature = CASE WHEN g.metadata IS NULL THEN n.metadata_signature
                                     ELSE g.metadata_signature END
      FROM go g WHERE n.id = g.note_id
  ), upd_members AS (
    -- A plain CTE runs only when read: the final SELECT joins its one row.
    SELECT touch_members(array_agg(g.note_id), array_agg(g.seq)) AS touched FROM go g
  ), ins_requests AS (
    INSERT INTO note_requests (note_id, request_id, seq, version)
      SELECT g.note_id, g.request_id, g.seq, g.version + g.upd_count
        FROM go g WHERE g.request_id IS NOT NULL
  ), upd_accounts AS (
    UPDATE accounts a SET account_bytes = a.account_bytes + d.delta
      FROM (SELECT g.owner_id, sum(g.delta) AS delta FROM go g GROUP BY g.owner_id) d
     WHERE a.id = d.owner_id AND d.delta <> 0
  )
  SELECT j.ord,
         coalesce(g.seq, j.repeat_seq),
         coalesce(g.version + g.upd_count, j.repeat_version),
         g.owner_id,
         CASE WHEN g.ord IS NOT NULL THEN NULL
              WHEN j.refused IS NOT NULL THEN j.refused
              WHEN j.repeat_seq IS NOT NULL THEN NULL
              ELSE 'crowded' END
    FROM judged j LEFT JOIN go g ON g.ord = j.ord CROSS JOIN upd_members
   ORDER BY j.ord;
END
$$;
