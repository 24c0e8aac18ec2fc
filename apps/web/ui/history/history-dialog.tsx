"use client";
// The note's History dialog (opened from the note's "More actions" menu). Premium
// accounts see the note's revisions; a free account sees what history would give and
// where to get it. The owner, on any plan, also sees the note as it was before its
// last tidy-up (compaction), which no member's tidy-up can take away: after the
// revisions, and only when it can help (kept-copy.ts).
import type { OpenNote } from "@notes/client";
import Link from "next/link";
import { useEffect } from "react";
import { Modal } from "../modal";
import "./history.css";
import { useVault, useVaultState } from "../vault-context";
import { PreviousCompactionView } from "./previous-compaction-view";
import { RevisionBrowser } from "./revision-browser";

export function HistoryDialog({
  note,
  readOnly,
  onClose,
}: {
  note: OpenNote;
  readOnly: boolean;
  onClose(): void;
}) {
  return (
    <Modal title="History" onClose={onClose}>
      <HistoryBody note={note} readOnly={readOnly} onRestored={onClose} />
    </Modal>
  );
}

function HistoryBody({
  note,
  readOnly,
  onRestored,
}: {
  note: OpenNote;
  readOnly: boolean;
  onRestored(): void;
}) {
  const { vault } = useVault();
  // While the dialog is open a change of plan shows at once.
  useEffect(() => vault.watchAccount(), [vault]);
  const tier = useVaultState((s) => s.account?.tier) ?? "free";
  const kept =
    note.role === "owner" ? <PreviousCompactionView note={note} onRestored={onRestored} /> : null;
  if (tier === "free")
    return (
      <div className="history-free" data-testid="history-free">
        <p>
          With premium, this note keeps its history: a revision is stored when you leave a note you
          changed and every 10 minutes while you write. You can see who changed what and when,
          compare with today's text, and bring back any earlier version.
        </p>
        <p>
          <Link href="/plan" data-autofocus>
            See plans
          </Link>
        </p>
        {kept}
      </div>
    );
  return (
    <>
      <RevisionBrowser note={note} readOnly={readOnly} onRestored={onRestored} />
      {kept}
    </>
  );
}
