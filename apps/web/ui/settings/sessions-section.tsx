"use client";
// Where the account is signed in, with a way to end any other session. The list
// is read again when a device is linked from this screen (`reloadWhen` changes)
// and when the tab comes back into view (someone signed in elsewhere meanwhile).
import type { Output } from "@notes/client";
import { useCallback, useEffect, useState } from "react";
import { describeError } from "../problem-text";
import { useVault } from "../vault-context";
import { sessionNames } from "./session-names";

type SessionRow = Output<"sessions.list">["sessions"][number];

export function SessionsSection({ reloadWhen }: { reloadWhen?: unknown }) {
  const { vault } = useVault();
  const [sessions, setSessions] = useState<SessionRow[]>();
  const [error, setError] = useState<string>();
  const load = useCallback(
    () =>
      vault.sessions
        .list()
        .then(setSessions)
        .catch((e) => setError(describeError(e))),
    [vault],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadWhen is the trigger
  useEffect(() => void load(), [load, reloadWhen]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void load();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [load]);
  const revoke = async (id: string) => {
    try {
      await vault.sessions.revoke(id);
      await load();
    } catch (e) {
      setError(describeError(e));
    }
  };
  const names = sessionNames(sessions ?? []);
  return (
    <section aria-labelledby="sessions-h">
      <h3 id="sessions-h">Signed-in devices</h3>
      {error && <p role="alert">{error}</p>}
      {!sessions && !error && <p className="muted">Loading…</p>}
      <ul className="sessions">
        {sessions?.map((s) => (
          <li key={s.id}>
            <span>
              {names.get(s.id)} — last used {new Date(s.lastUsedAt).toLocaleString()}
              {s.current && <strong> (this device)</strong>}
            </span>
            {!s.current && (
              <button
                type="button"
                className="secondary"
                aria-label={`Sign out ${names.get(s.id)}`}
                onClick={() => void revoke(s.id)}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
