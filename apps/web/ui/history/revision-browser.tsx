"use client";
// The premium History view: the note's revisions (newest first, with author and
// time), and for the one picked its text and what changed since, with "Restore".
import type { OpenNote, RevisionDescriptor } from "@notes/client";
import { useEffect, useState } from "react";
import { FormError } from "../form-error";
import { describeError } from "../problem-text";
import { useVault, useVaultState } from "../vault-context";
import { revisionLabels } from "./revision-label";
import { RevisionView } from "./revision-view";

export function RevisionBrowser({
  note,
  readOnly,
  onRestored,
}: {
  note: OpenNote;
  readOnly: boolean;
  onRestored(): void;
}) {
  const { vault } = useVault();
  const handle = useVaultState((s) => s.account?.handle);
  const [revisions, setRevisions] = useState<RevisionDescriptor[]>();
  const [picked, setPicked] = useState<RevisionDescriptor>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    // What was typed goes to the server first, so the note exists there.
    void vault
      .syncNow()
      .then(() => vault.revisions.list(note.id))
      .then((list) => live && setRevisions(list))
      .catch((e) => live && setError(describeError(e)));
    return () => {
      live = false;
    };
  }, [vault, note.id]);
  if (error) return <FormError message={error} />;
  if (!revisions) return <p className="muted">Loading history…</p>;
  if (revisions.length === 0)
    return (
      <p className="muted" data-testid="history-empty">
        No revisions yet. One is stored when you leave a note you changed, and every 10 minutes
        while you write.
      </p>
    );
  const labels = revisionLabels(revisions, handle);
  return (
    <div className="history">
      <ul className="history-list" aria-label="Revisions">
        {revisions.map((r, i) => (
          <li key={r.revision}>
            <button
              type="button"
              className="secondary"
              aria-pressed={picked?.revision === r.revision}
              data-autofocus={r === revisions[0] ? true : undefined}
              onClick={() => setPicked(r)}
            >
              {labels[i]}
            </button>
          </li>
        ))}
      </ul>
      {picked && (
        <RevisionView
          key={picked.revision}
          note={note}
          revision={picked}
          readOnly={readOnly}
          onRestored={onRestored}
        />
      )}
    </div>
  );
}
