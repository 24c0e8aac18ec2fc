"use client";
// Who wrote a shared note, as its signatures show (issue 21, attack 4): "Signed by you
// (verified) and @bob (not compared)". The server names authors too (the Bridge's
// authorId, History's authorHandle), but that is its word; this line is what this
// browser checked. Names come from the note's roster, read once here if needed.
import { useEffect, useState } from "react";
import type { NoteAuthor } from "../../vault/note-sharing";
import { useVault, useVaultState } from "../vault-context";

export function NoteAuthors({ id }: { id: string }) {
  const { vault } = useVault();
  // Authors are not held in the vault's state but computed from the note as its content
  // is checked (sync, live frames, pins): a small line, re-read on every state change.
  useVaultState((s) => s);
  const sharing = vault.sharing();
  const authors = sharing.authors(id);
  const [, setNamed] = useState(0);
  // A comparison made in Share (or carried from another device) shows at once.
  useEffect(() => sharing.watchPins(() => setNamed((n) => n + 1)), [sharing]);
  const unnamed = authors !== undefined && !authors.named;
  useEffect(() => {
    if (!unnamed) return;
    let live = true;
    sharing
      .members(id)
      .then(() => live && setNamed((n) => n + 1))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [sharing, id, unnamed]);
  if (!authors || (authors.authors.length === 0 && !authors.unchecked && !authors.forged))
    return null;
  return (
    <p className="note-authors muted" data-testid="note-authors">
      {authors.authors.length > 0 && (
        <>
          Signed by{" "}
          {authors.authors.map((author, i) => (
            <span key={author.userId}>
              {i > 0 && (i === authors.authors.length - 1 ? " and " : ", ")}
              <AuthorName author={author} />
            </span>
          ))}
          .{" "}
        </>
      )}
      {authors.unchecked && (
        <span data-testid="unchecked-changes">
          Some changes carry no signature this browser could check (an older app, or the server took
          it off).
        </span>
      )}
      {authors.forged && (
        <span data-testid="forged-changes">
          {" "}
          Some changes carry a signature that does not match their signer's key: they may not be
          from who they say. Compare safety numbers in Share.
        </span>
      )}
    </p>
  );
}

function AuthorName({ author }: { author: NoteAuthor }) {
  const name = author.name ?? "someone no longer on this note";
  return author.trust === "verified" ? (
    <strong title="Signature checked against a key you verified">
      {name} <span className="trust verified">✓ verified</span>
    </strong>
  ) : (
    <strong title="Signature checked against the key this browser first saw for them; compare safety numbers in Share to verify it">
      {name} <span className="muted">(not compared)</span>
    </strong>
  );
}
