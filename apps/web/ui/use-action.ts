"use client";
// Runs one user action at a time with a busy flag and a readable error.
import { useCallback, useState } from "react";
import type { KeyFlow } from "./key-failure-text";
import { describeError } from "./problem-text";

/** `flow`: where the action opens keys, so a key failure reads in its words. */
export function useAction<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
  flow?: KeyFlow,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(
    async (...args: A) => {
      setBusy(true);
      setError(undefined);
      try {
        await action(...args);
      } catch (e) {
        setError(describeError(e, flow));
      } finally {
        setBusy(false);
      }
    },
    [action, flow],
  );
  return { run, busy, error, setError };
}
