"use client";
// The owner's way back after a member's tidy-up (issue 21, attack 6): what the note's
// compactions replaced, kept by the server for the owner on any plan. Shown in the
// History dialog with the lines that differ from the note now, and "Restore", which
// puts that content back as a new edit as a revision's restore does.
import { type OpenNote, type PreviousContent, restoreRevision } from "@notes/client";
import { useEffect, useState } from "react";
import { FormError } from "../form-error";
import { describeError } from "../problem-text";
import { useVault, useVaultState } from "../vault-context";
import { keptCopyHelps, tidierName } from "./kept-copy";
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
  const shared = useVaultState((s) => s.list.get(note.id)?.shared === true);
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
  // Nothing is said while it looks: on most notes there is nothing to show.
  if (!kept) return null;
  const { text, diff } = revisionText(kept.doc, note.doc);
  const tidiedBy = kept.compactedBy && vault.nameOf(note.id, kept.compactedBy);
  const helps = keptCopyHelps({
    tidiedBy,
    shared,
    formerKeys: (note.formerCeks?.length ?? 0) > 0,
  });
  if (!helps) return null;
  const when = new Date(kept.compactedAt).toLocaleString();
  return (
    <section
      className="revision"
      aria-labelledby="previous-compaction-h"
      data-testid="previous-compaction"
    >
      <h3 id="previous-compaction-h">The note before {tidierName(tidiedBy)} tidied it up</h3>
      <p className="muted">
        On {when}, {tidierName(tidiedBy)} merged this note's saved changes into one. The server kept
        the note as it was just before, for you as its owner, in case something was lost. Changed
        since: {diffSummary(diff)}.
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
