"use client";
// One revision: its text, the lines that changed between it and the note now, and
// "Restore", which puts its content back as a new edit (synced like any typing).
import {
  type OpenNote,
  type RevisionDescriptor,
  restoreRevision,
  type SignatureCheck,
} from "@notes/client";
import { useEffect, useState } from "react";
import type * as Y from "yjs";
import { FormError } from "../form-error";
import { signatureText } from "../notes/signature-text";
import { describeError } from "../problem-text";
import { useVault } from "../vault-context";
import { diffSummary } from "./line-diff";
import { revisionText } from "./revision-text";

const MARK = { same: " ", added: "+", removed: "−" } as const;
const SPOKEN = { same: "", added: "Added: ", removed: "Removed: " } as const;

export function RevisionView({
  note,
  revision,
  readOnly,
  onRestored,
}: {
  note: OpenNote;
  revision: RevisionDescriptor;
  readOnly: boolean;
  onRestored(): void;
}) {
  const { vault } = useVault();
  const [opened, setOpened] = useState<Y.Doc>();
  const [signature, setSignature] = useState<SignatureCheck>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    vault.revisions
      .open(note, revision.revision)
      .then((read) => {
        if (!live) return;
        setOpened(read.doc);
        setSignature(read.signature);
      })
      .catch((e) => live && setError(describeError(e)));
    return () => {
      live = false;
    };
  }, [vault, note, revision.revision]);
  if (error) return <FormError message={error} />;
  if (!opened) return <p className="muted">Opening revision {revision.revision}…</p>;
  const { text, diff } = revisionText(opened, note.doc);
  return (
    <section className="revision" aria-labelledby="revision-h">
      <h3 id="revision-h">Revision {revision.revision}</h3>
      {signature && (
        <p className="muted" data-testid="revision-signature">
          {signatureText(signature, (id) => vault.nameOf(note.id, id), revision.authorHandle)}
        </p>
      )}
      <pre className="revision-text" data-testid="revision-preview">
        {text || "(empty)"}
      </pre>
      <h4>Changed since: {diffSummary(diff)}</h4>
      <ul className="line-diff" aria-label="Changes from this revision to the current text">
        {diff.map((line, i) => (
          // Lines repeat, so the position is the key; the list is rebuilt as a whole.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} className={`diff-${line.kind}`}>
            <span aria-hidden="true">{MARK[line.kind]} </span>
            <span className="visually-hidden">{SPOKEN[line.kind]}</span>
            {line.text || " "}
          </li>
        ))}
      </ul>
      {readOnly ? (
        <p className="muted">You can view this note's history but not restore it.</p>
      ) : (
        <button
          type="button"
          onClick={() => {
            restoreRevision(note.doc, opened);
            onRestored();
          }}
        >
          Restore this version
        </button>
      )}
    </section>
  );
}
