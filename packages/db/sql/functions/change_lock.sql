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
