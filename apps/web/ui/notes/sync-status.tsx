"use client";
// One short phrase for where the data stands: synced, syncing, or waiting offline, or
// that notes could not be opened (then why, under it: sync-words.ts); and beside it
// whether changes arrive live (the change feed) or it is reconnecting.
import { useVault, useVaultState } from "../vault-context";
import { feedText, syncStatusText, warningLines } from "./sync-words";

export function SyncStatus() {
  const { vault } = useVault();
  const sync = useVaultState((s) => s.sync);
  const online = useVaultState((s) => s.online);
  const pending = useVaultState((s) => s.pending);
  const unsaved = useVaultState((s) => s.unsaved);
  const feed = useVaultState((s) => s.feed);
  const noteWarnings = useVaultState((s) => s.noteWarnings);
  const setAside = useVaultState((s) => s.setAside);
  // A reload's saved list is shown while the session's stores are read: nothing synced yet.
  const opening = useVaultState((s) => s.status === "opening");
  const text = opening
    ? "Opening…"
    : syncStatusText({ online, pending, unsaved, sync, noteWarnings, setAside });
  const warned = (noteWarnings?.length ?? 0) > 0;
  return (
    <span className="sync" data-tour="sync-status">
      <output aria-live="polite" data-testid="sync-status" className={warned ? "warning" : ""}>
        {text}
      </output>
      {warned && noteWarnings && (
        <details className="sync-warning" data-testid="sync-warning">
          <summary>Why?</summary>
          <ul>
            {warningLines(noteWarnings).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
      {online && (
        <span className={`feed feed-${feed}`} data-testid="feed-status">
          {feedText(feed, online)}
        </span>
      )}
      <button
        type="button"
        className="link"
        onClick={() => void vault.syncNow()}
        aria-label="Sync now"
      >
        ↻
      </button>
    </span>
  );
}
