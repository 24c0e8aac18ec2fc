"use client";
// One open note: title, tags, rich text, sharing, history and delete. Title and tags are
// sealed into the note's metadata; the body lives in its Yjs document. A shared note
// joins its live room while open (typing and cursors travel at once); a viewer's
// note is read-only and says so. The role and the shared mark come from the vault's
// state, so a role changed by the owner re-renders this pane after the next sync.
import type { OpenNote } from "@notes/client";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { notebookLabel } from "../../vault/notebooks";
import { HistoryDialog } from "../history/history-dialog";
import { useRevisionSchedule } from "../history/use-revision-schedule";
import { PresenceBadge } from "../sharing/presence-badge";
import { ShareDialog } from "../sharing/share-dialog";
import { useLiveRoom } from "../sharing/use-live-room";
import { useVault, useVaultState } from "../vault-context";
import { Backlinks } from "./backlinks";
import { goneNoteMessage } from "./gone-note";
import { MoveDialog } from "./move-dialog";
import { NoteActions } from "./note-actions";
import { NoteAuthors } from "./note-authors";
import { PinButton, TrashNotice } from "./note-flags";
import { RichText } from "./rich-text";
import { TagInput } from "./tag-input";

/** Loaded with the pane: the editor built once ahead of the first note (warm-editor.ts). */
export { warmEditor } from "./warm-editor";

/**
 * Just after a reload the list shows before every cached note is open: a note picked
 * then is opened from the cache on its own first.
 */
export function NotePane({
  id,
  focusTitle = false,
  onDeleted,
  onOpenNote,
}: {
  id: string;
  /** The note was just made here: typing goes on in its title. */
  focusTitle?: boolean;
  onDeleted(): void;
  /** A link to another note was followed. */
  onOpenNote?(id: string): void;
}) {
  const { vault } = useVault();
  const note = vault.note(id);
  const [, setOpened] = useState(false);
  const listed = useVaultState((s) => s.list.get(id) !== undefined);
  // A reload lists only the saved first screen until the session's stores are read.
  const opening = useVaultState((s) => s.status === "opening");
  const shown = note !== undefined;
  useEffect(() => {
    // Not in memory when this rendered (resting in the cache, issue 35): read it, even if
    // a read begun at the click has brought it meanwhile, and render again.
    if (!shown && listed) void vault.openNote(id).then(() => setOpened(true));
  }, [vault, id, shown, listed]);
  if (!note && (listed || opening)) return <p className="muted pane">Opening…</p>;
  return (
    <OpenedNote
      id={id}
      note={note}
      focusTitle={focusTitle}
      onDeleted={onDeleted}
      onOpenNote={onOpenNote}
    />
  );
}

function OpenedNote({
  id,
  note,
  focusTitle,
  onDeleted,
  onOpenNote,
}: {
  id: string;
  note: OpenNote | undefined;
  focusTitle: boolean;
  onDeleted(): void;
  onOpenNote?: ((id: string) => void) | undefined;
}) {
  const { vault } = useVault();
  const list = useVaultState((s) => s.list);
  const listed = useVaultState((s) => s.list.get(id));
  const [title, setTitle] = useState(note?.metadata.title ?? "");
  const [sharing, setSharing] = useState(false);
  const [history, setHistory] = useState(false);
  const [moving, setMoving] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const { awareness, presence } = useLiveRoom(id, listed?.shared ?? false);
  useRevisionSchedule(note);
  // "New note" was just pressed: typing goes on in the title, the caret after what the
  // draft took (before the browser paints, so no key falls between). Opening an
  // existing note does not move focus. Decided once, on opening.
  const [fresh] = useState(focusTitle);
  useLayoutEffect(() => {
    const input = titleInput.current;
    if (!fresh || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [fresh]);
  // A title changed on another device shows up here after sync.
  useEffect(() => {
    if (listed && document.activeElement?.id !== "note-title") setTitle(listed.title);
  }, [listed]);
  if (!note || !listed) return <p className="muted pane">{goneNoteMessage(vault.departure(id))}</p>;
  const trashed = listed.trashedAt !== undefined;
  const readOnly = listed.role === "viewer" || trashed;
  const owner = listed.role === "owner";
  return (
    <article className="pane" aria-label="Note">
      <div className="pane-head">
        {/* One state at a time: a trashed note is read-only because it is in the trash. */}
        {trashed ? (
          <TrashNotice
            id={id}
            owner={owner}
            canRestore={listed.role !== "viewer"}
            onDeleted={onDeleted}
          />
        ) : (
          readOnly && (
            <p className="notice view-only" data-testid="view-only">
              <strong>View only</strong> — you can read this note but not change it.
            </p>
          )
        )}
        <PresenceBadge presence={presence} />
        {!readOnly && <PinButton id={id} pinned={listed.pinned ?? false} />}
        <button type="button" className="secondary" onClick={() => setSharing(true)}>
          {owner ? "Share" : "People"}
        </button>
        <NoteActions
          note={note}
          canTrash={owner && !trashed}
          onHistory={() => setHistory(true)}
          onMove={readOnly ? undefined : () => setMoving(true)}
          onTrash={() => {
            vault.setMetadata(id, { ...note.metadata, trashedAt: new Date().toISOString() });
            onDeleted();
          }}
        />
      </div>
      <input
        id="note-title"
        className="note-title"
        ref={titleInput}
        aria-label="Title"
        placeholder="Title"
        dir="auto"
        readOnly={readOnly}
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          vault.setMetadata(id, { ...note.metadata, title: e.target.value });
        }}
      />
      {listed.notebook && (
        <p className="note-notebook" data-testid="note-notebook">
          In <span dir="auto">{notebookLabel(listed.notebook)}</span>
        </p>
      )}
      {listed.shared && <NoteAuthors id={id} />}
      <TagInput
        tags={listed.tags}
        readOnly={readOnly}
        onChange={(tags) => vault.setMetadata(id, { ...note.metadata, title, tags })}
      />
      <RichText
        key={id}
        noteId={id}
        doc={note.doc}
        readOnly={readOnly}
        awareness={awareness}
        list={list}
        onOpenNote={onOpenNote}
      />
      <Backlinks id={id} list={list} onOpen={onOpenNote} />
      {moving && <MoveDialog id={id} onClose={() => setMoving(false)} />}
      {history && (
        <HistoryDialog note={note} readOnly={readOnly} onClose={() => setHistory(false)} />
      )}
      {sharing && (
        <ShareDialog
          id={id}
          title={title}
          owner={owner}
          onClose={() => setSharing(false)}
          onLeft={() => {
            setSharing(false);
            onDeleted();
          }}
        />
      )}
    </article>
  );
}
