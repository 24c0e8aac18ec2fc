"use client";
// One short phrase for where the data stands: synced, syncing, or waiting offline;
// and beside it whether changes arrive live (the change feed) or it is reconnecting.
import type { ConnectionState } from "@notes/client";
import { useVault, useVaultState } from "../vault-context";
import { plural } from "../wording";

const FEED_TEXT: Record<ConnectionState, string> = {
  live: "Live",
  connecting: "Connecting…",
  offline: "Reconnecting…",
  closed: "Not live",
};

export function SyncStatus() {
  const { vault } = useVault();
  const sync = useVaultState((s) => s.sync);
  const online = useVaultState((s) => s.online);
  const pending = useVaultState((s) => s.pending);
  const unsaved = useVaultState((s) => s.unsaved);
  const feed = useVaultState((s) => s.feed);
  let text = "All changes synced";
  if (!online && unsaved) text = "Offline — saving here…";
  else if (!online)
    text = pending > 0 ? `Offline — ${plural(pending, "change")} saved here` : "Offline";
  else if (sync.running && !sync.firstDone)
    text = `First sync… ${plural(sync.applied, "note change")} received`;
  else if (pending > 0 || unsaved) text = "Saving…";
  return (
    <span className="sync" data-tour="sync-status">
      <output aria-live="polite" data-testid="sync-status">
        {text}
      </output>
      <span className={`feed feed-${feed}`} data-testid="feed-status">
        {FEED_TEXT[feed]}
      </span>
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
