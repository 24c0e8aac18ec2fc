"use client";
// One open note: title, tags, rich text and delete. Title and tags are sealed into
// the note's metadata; the body lives in its Yjs document.
import { useEffect, useRef, useState } from "react";
import { useVault } from "../vault-context";
import { RichText } from "./rich-text";
import { TagInput } from "./tag-input";

export function NotePane({ id, onDeleted }: { id: string; onDeleted(): void }) {
  const { vault, state } = useVault();
  const note = vault.note(id);
  const listed = state.notes.find((n) => n.id === id);
  const [title, setTitle] = useState(note?.metadata.title ?? "");
  const [confirming, setConfirming] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  // "New note" was just pressed: typing goes to the title. Opening an existing note
  // does not move focus.
  const fresh = note?.metadata.title === "" && note.version === 0;
  useEffect(() => {
    if (fresh) titleInput.current?.focus();
  }, [fresh]);
  // A title changed on another device shows up here after sync.
  useEffect(() => {
    if (listed && document.activeElement?.id !== "note-title") setTitle(listed.title);
  }, [listed]);
  if (!note || !listed)
    return <p className="muted pane">This note is not here any more. Pick another one.</p>;
  const readOnly = note.role === "viewer";
  return (
    <article className="pane" aria-label="Note">
      <input
        id="note-title"
        className="note-title"
        ref={titleInput}
        aria-label="Title"
        placeholder="Title"
        readOnly={readOnly}
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          vault.setMetadata(id, { title: e.target.value, tags: listed.tags });
        }}
      />
      <TagInput tags={listed.tags} onChange={(tags) => vault.setMetadata(id, { title, tags })} />
      <RichText key={id} doc={note.doc} readOnly={readOnly} />
      <footer className="pane-actions">
        {confirming ? (
          <>
            <span>Delete this note for good?</span>
            <button
              type="button"
              className="danger"
              onClick={() => {
                void vault.deleteNote(id);
                onDeleted();
              }}
            >
              Delete
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          note.role === "owner" && (
            <button type="button" className="secondary" onClick={() => setConfirming(true)}>
              Delete note
            </button>
          )
        )}
      </footer>
    </article>
  );
}
