-- account_ceiling: the storage ceiling of an account's tier (contract.md §4). A
-- complimentary account or a live subscription (active, trialing, past_due) has the
-- paid ceiling, every other account the free one. The ceilings themselves are the
-- caller's (CEILINGS in packages/core/src/accounts/tier.ts, passed in).
--
-- The one statement of this rule for every write: notes_append, notes_append_batch
-- and the TypeScript write paths (chargeStorage in packages/core/src/notes/storage.ts)
-- call it. tierOf in tier.ts names the tier for the account's view; a test
-- (packages/core/src/accounts/tier.test.ts) holds the two to the same statuses.
-- LANGUAGE sql and IMMUTABLE, so the planner inlines it.
--
-- This file is the function's current definition: read and change it here, never in
-- drizzle/ (migrations are history). After a change, `pnpm db:functions` writes the
-- migration that applies it; until then the drift test
-- (packages/db/src/sql-functions.test.ts) fails.
CREATE OR REPLACE FUNCTION account_ceiling(
  p_complimentary boolean,
  p_subscription_status text,
  p_free_ceiling bigint,
  p_paid_ceiling bigint
) RETURNS bigint
LANGUAGE sql IMMUTABLE
AS $$
SELECT CASE WHEN p_complimentary OR p_subscription_status IN ('active', 'trialing', 'past_due')
            THEN p_paid_ceiling ELSE p_free_ceiling END
$$;
