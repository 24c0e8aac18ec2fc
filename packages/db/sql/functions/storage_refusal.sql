-- storage_refusal: whether `p_delta` more bytes fit in an account that uses `p_used`
-- under `p_ceiling` (account_ceiling.sql). It answers NULL when they fit (a release,
-- p_delta <= 0, always does), else the problem slug: free-storage-full when the
-- ceiling is the free tier's, storage-full otherwise (contract.md §4).
--
-- The one statement of this rule: notes_append raises it, notes_append_batch holds
-- back an owner whose appends it would refuse, and the TypeScript write paths
-- (chargeStorage in packages/core/src/notes/storage.ts) throw what refusals.ts maps
-- it to. LANGUAGE sql and IMMUTABLE, so the planner inlines it.
--
-- This file is the function's current definition: read and change it here, never in
-- drizzle/ (migrations are history). After a change, `pnpm db:functions` writes the
-- migration that applies it; until then the drift test
-- (packages/db/src/sql-functions.test.ts) fails.
CREATE OR REPLACE FUNCTION storage_refusal(
  p_used bigint,
  p_delta bigint,
  p_ceiling bigint,
  p_free_ceiling bigint
) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
SELECT CASE WHEN p_delta > 0 AND p_used + p_delta > p_ceiling
            THEN CASE WHEN p_ceiling = p_free_ceiling THEN 'free-storage-full' ELSE 'storage-full' END
       END
$$;
