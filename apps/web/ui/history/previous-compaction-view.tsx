"use client";
// The owner's way back after a member's tidy-up (issue 21, attack 6): what the note's
// compactions replaced, kept by the server for the owner on any plan. Shown in the
// History dialog with the lines that differ from the note now, and "Restore", which
// puts that content back as a new edit as a revision's restore does.
import { type OpenNote, type PreviousContent, restoreRevision } from "@notes/client";
import { useEffect, useState } from "react";
import { FormError } from "../form-error";
import { describeError } from "../problem-text";
import { useVault } from "../vault-context";
import { diffSummary } from "./line-diff";
import { revisionText } from "./revision-text";

export function PreviousCompactionView({
  note,
  onRestored,
}: {
  note: OpenNote;
  onRestored(): void;
}) {
  const { vault } = useVault();
  const [kept, setKept] = useState<PreviousContent | null>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    vault.revisions
      .previousCompaction(note)
      .then((found) => live && setKept(found ?? null))
      .catch((e) => live && setError(describeError(e)));
    return () => {
      live = false;
    };
  }, [vault, note]);
  if (error) return <FormError message={error} />;
  if (kept === undefined)
    return <p className="muted">Looking for the note before its last tidy-up…</p>;
  if (kept === null) return null;
  const { text, diff } = revisionText(kept.doc, note.doc);
  const when = new Date(kept.compactedAt).toLocaleString();
  return (
    <section
      className="revision"
      aria-labelledby="previous-compaction-h"
      data-testid="previous-compaction"
    >
      <h3 id="previous-compaction-h">Before the last tidy-up ({when})</h3>
      <p className="muted">
        When someone with edit access tidies up this note, the server keeps what it held before, for
        you as the owner. Changed since: {diffSummary(diff)}.
      </p>
      <pre className="revision-text">{text || "(empty)"}</pre>
      <button
        type="button"
        onClick={() => {
          restoreRevision(note.doc, kept.doc);
          onRestored();
        }}
      >
        Restore this version
      </button>
    </section>
  );
}
