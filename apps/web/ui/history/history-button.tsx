"use client";
// The note pane's "History" button and the dialog it opens. Premium accounts see the
// note's revisions; a free account sees what history would give and where to get it.
import type { OpenNote } from "@notes/client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Modal } from "../modal";
import "./history.css";
import { useVault } from "../vault-context";
import { RevisionBrowser } from "./revision-browser";

export function HistoryButton({ note, readOnly }: { note: OpenNote; readOnly: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        History
      </button>
      {open && (
        <Modal title="History" onClose={() => setOpen(false)}>
          <HistoryBody note={note} readOnly={readOnly} onRestored={() => setOpen(false)} />
        </Modal>
      )}
    </>
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
  const { vault, state } = useVault();
  // While the dialog is open a change of plan shows at once.
  useEffect(() => vault.watchAccount(), [vault]);
  const tier = state.account?.tier ?? "free";
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
      </div>
    );
  return <RevisionBrowser note={note} readOnly={readOnly} onRestored={onRestored} />;
}
