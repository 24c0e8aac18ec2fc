"use client";
// One open note: title, tags, rich text, sharing, history and delete. Title and tags are
// sealed into the note's metadata; the body lives in its Yjs document. A shared note
// joins its live room while open (typing and cursors travel at once); a viewer's
// note is read-only and says so. The role and the shared mark come from the vault's
// state, so a role changed by the owner re-renders this pane after the next sync.
import type { OpenNote } from "@notes/client";
import { useEffect, useRef, useState } from "react";
import { HistoryButton } from "../history/history-button";
import { useRevisionSchedule } from "../history/use-revision-schedule";
import { PresenceBadge } from "../sharing/presence-badge";
import { ShareDialog } from "../sharing/share-dialog";
import { useLiveRoom } from "../sharing/use-live-room";
import { useVault } from "../vault-context";
import { PinButton, TrashNotice } from "./note-flags";
import { RichText } from "./rich-text";
import { TagInput } from "./tag-input";

/**
 * Just after a reload the list shows before every cached note is open: a note picked
 * then is opened from the cache on its own first.
 */
export function NotePane({ id, onDeleted }: { id: string; onDeleted(): void }) {
  const { vault, state } = useVault();
  const note = vault.note(id);
  const [, setOpened] = useState(false);
  const listed = state.notes.some((n) => n.id === id);
  useEffect(() => {
    if (!vault.note(id)) void vault.openNote(id).then(() => setOpened(true));
  }, [vault, id]);
  if (!note && listed) return <p className="muted pane">Opening…</p>;
  return <OpenedNote id={id} note={note} onDeleted={onDeleted} />;
}

function OpenedNote({
  id,
  note,
  onDeleted,
}: {
  id: string;
  note: OpenNote | undefined;
  onDeleted(): void;
}) {
  const { vault, state } = useVault();
  const listed = state.notes.find((n) => n.id === id);
  const [title, setTitle] = useState(note?.metadata.title ?? "");
  const [sharing, setSharing] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const { awareness, presence } = useLiveRoom(id, listed?.shared ?? false);
  useRevisionSchedule(note);
  // "New note" was just pressed: typing goes to the title. Opening an existing note
  // does not move focus. Decided once, on opening: a sync may briefly bring back the
  // server's empty title, and must not pull the caret out of the editor then.
  const [fresh] = useState(() => note?.metadata.title === "" && note.version === 0);
  useEffect(() => {
    if (fresh) titleInput.current?.focus();
  }, [fresh]);
  // A title changed on another device shows up here after sync.
  useEffect(() => {
    if (listed && document.activeElement?.id !== "note-title") setTitle(listed.title);
  }, [listed]);
  if (!note || !listed)
    return <p className="muted pane">This note is not here any more. Pick another one.</p>;
  const trashed = listed.trashedAt !== undefined;
  const readOnly = listed.role === "viewer" || trashed;
  const owner = listed.role === "owner";
  return (
    <article className="pane" aria-label="Note">
      <div className="pane-head">
        {readOnly && (
          <p className="notice view-only" data-testid="view-only">
            <strong>View only</strong> — you can read this note but not change it.
          </p>
        )}
        {trashed && <TrashNotice id={id} owner={owner} onDeleted={onDeleted} />}
        <PresenceBadge presence={presence} />
        {!readOnly && <PinButton id={id} pinned={listed.pinned ?? false} />}
        <button type="button" className="secondary" onClick={() => setSharing(true)}>
          {owner ? "Share" : "People"}
        </button>
        <HistoryButton note={note} readOnly={readOnly} />
      </div>
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
          vault.setMetadata(id, { ...note.metadata, title: e.target.value });
        }}
      />
      <TagInput
        tags={listed.tags}
        readOnly={readOnly}
        onChange={(tags) => vault.setMetadata(id, { ...note.metadata, title, tags })}
      />
      <RichText key={id} doc={note.doc} readOnly={readOnly} awareness={awareness} />
      <footer className="pane-actions">
        {owner && !trashed && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              vault.setMetadata(id, { ...note.metadata, trashedAt: new Date().toISOString() });
              onDeleted();
            }}
          >
            Move to trash
          </button>
        )}
      </footer>
      {sharing && (
        <ShareDialog id={id} title={title} owner={owner} onClose={() => setSharing(false)} />
      )}
    </article>
  );
}
