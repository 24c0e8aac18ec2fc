"use client";
// One short phrase for where the data stands: synced, syncing, or waiting offline.
import { useVault } from "../vault-context";

export function SyncStatus() {
  const { vault, state } = useVault();
  const { sync, online, pending, unsaved } = state;
  let text = "All changes synced";
  if (!online && unsaved) text = "Offline — saving here…";
  else if (!online) text = pending > 0 ? `Offline — ${pending} change(s) saved here` : "Offline";
  else if (sync.running && !sync.firstDone)
    text = `First sync… ${sync.applied} note change(s) received`;
  else if (pending > 0 || unsaved) text = "Saving…";
  return (
    <span className="sync">
      <output aria-live="polite" data-testid="sync-status">
        {text}
      </output>
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
