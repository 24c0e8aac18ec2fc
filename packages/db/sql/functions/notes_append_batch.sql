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
  PERFORM pg_advisory_xact_lock_shared(7340220);

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
    UPDATE note_members m SET seq = g.seq
      FROM go g WHERE m.note_id = g.note_id AND m.role <> 'revoked'
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
    FROM judged j LEFT JOIN go g ON g.ord = j.ord
   ORDER BY j.ord;
END
$$;
