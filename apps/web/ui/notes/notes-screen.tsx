"use client";
// The notes screen: list and search on the left, the open note on the right; on a
// narrow screen (a phone) the two are separate screens, the note with a way back. The
// open note's id lives in the URL (?note=) so reload and back keep it. Keyboard
// shortcuts (shortcuts.ts) drive it; "?" lists them.
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { ALL_NOTES, type ListFilter } from "../../vault/notebooks";
import { FreeFlightTour } from "../tours/free-flight";
import { useVault, useVaultState } from "../vault-context";
import { ExportButton } from "./export-button";
import { moveNoteTo } from "./move-note";
import { NewNoteDraft } from "./new-note-draft";
import { NoteList, type StepShown } from "./note-list";
import { NotebookNav } from "./notebook-nav";
import { loadPane, usePaneModule } from "./pane-module";
import { ShortcutSheet } from "./shortcut-sheet";
import { useShortcuts } from "./shortcuts";

export function NotesScreen() {
  const { vault } = useVault();
  const list = useVaultState((s) => s.list);
  const sync = useVaultState((s) => s.sync);
  const inUrl = useSearchParams().get("note") ?? undefined;
  // The pane follows this at once; the URL catches up, so nothing typed right after a
  // click can land in the note being left.
  const [selected, setSelected] = useState(inUrl);
  const [creating, setCreating] = useState(false);
  // The title typed while the note is being made (NewNoteDraft), and the note just made
  // (its pane takes the focus once, on opening).
  const [draft, setDraft] = useState("");
  const draftTitle = useRef("");
  const [created, setCreated] = useState<string>();
  const [help, setHelp] = useState(false);
  // Which notebook or tag the list shows (notebook-nav.tsx); a new note goes there.
  const [filter, setFilter] = useState<ListFilter>(ALL_NOTES);
  const shown = useRef<StepShown>(() => undefined);
  useEffect(() => setSelected(inUrl), [inUrl]);
  const pane = usePaneModule();
  // The tier decides whether revisions are kept: learn it fresh once per visit.
  useEffect(() => void vault.refreshAccount().catch(() => undefined), [vault]);
  const select = (id: string | undefined) => {
    // A note resting in the device's cache (issue 35) is read while the pane renders.
    if (id && !vault.note(id)) void vault.openNote(id);
    setSelected(id);
    // The browser's own history (Next's router follows it, useSearchParams included):
    // router.replace asks the server for the page first, and offline that failed into a
    // full page load, which took the title being typed into a new note with it.
    window.history.replaceState(null, "", id ? `/notes?note=${id}` : "/notes");
  };
  const setDraftTitle = (title: string) => {
    draftTitle.current = title;
    setDraft(title);
  };
  const create = async () => {
    if (creating) return;
    setSelected(undefined);
    setDraftTitle("");
    setCreating(true);
    try {
      // The pane's code first, then the note: the pane must replace the draft in the
      // task the note is made in (below). Waited for with the note, the note could be
      // let go from memory before the code came, and the title typed meanwhile with it.
      // Without the code (offline, not cached) the note is still made, its pane busy.
      await loadPane().catch(() => undefined);
      const id = await vault.createNote({
        title: "",
        tags: filter.kind === "tag" ? [filter.tag] : [],
        ...(filter.kind === "notebook" && { notebook: [...filter.path] }),
      });
      // In this same task (no key can come in between): the title typed meanwhile goes
      // on the note, and its pane replaces the draft's before the next key arrives.
      const title = draftTitle.current;
      const note = vault.note(id);
      if (title && note) vault.setMetadata(id, { ...note.metadata, title });
      flushSync(() => {
        setCreating(false);
        setCreated(id);
        select(id);
      });
    } finally {
      setCreating(false);
    }
  };
  useShortcuts({
    newNote: () => void create(),
    search: () => document.getElementById("note-search")?.focus(),
    next: () => select(shown.current(selected, 1) ?? selected),
    previous: () => select(shown.current(selected, -1) ?? selected),
    help: () => setHelp(true),
  });
  return (
    <main className="notes" data-view={selected || creating ? "note" : "list"}>
      <aside className="sidebar">
        <div className="row" data-tour="note-actions">
          <button type="button" data-tour="new-note" onClick={() => void create()}>
            New note
          </button>
          <ExportButton />
          <button
            type="button"
            className="link shortcuts-button"
            aria-label="Keyboard shortcuts"
            title="Keyboard shortcuts (?)"
            onClick={() => setHelp(true)}
          >
            ?
          </button>
        </div>
        <NotebookNav
          list={list}
          filter={filter}
          onFilter={setFilter}
          onMove={(id, path) => moveNoteTo(vault, id, path)}
        />
        <NoteList
          list={list}
          filter={filter}
          selected={selected}
          onSelect={select}
          shown={shown}
          fetching={sync.firstDone ? undefined : sync.applied}
        />
      </aside>
      {creating ? (
        <div className="pane-screen">
          <NewNoteDraft title={draft} onTitle={setDraftTitle} />
        </div>
      ) : selected ? (
        <div className="pane-screen">
          <button
            type="button"
            className="secondary back-to-list"
            onClick={() => select(undefined)}
          >
            ← All notes
          </button>
          {pane.state === "loaded" ? (
            <pane.module.NotePane
              key={selected}
              id={selected}
              focusTitle={selected === created}
              onDeleted={() => select(undefined)}
              onOpenNote={select}
            />
          ) : pane.state === "failed" ? (
            <article className="pane">
              <p role="alert">The editor could not be loaded (offline?).</p>
              <button type="button" onClick={pane.retry}>
                Try again
              </button>
            </article>
          ) : (
            <article className="pane" aria-busy="true" />
          )}
        </div>
      ) : (
        <p className="muted pane">
          {list.size === 0 && !sync.firstDone
            ? "Fetching your notes…"
            : "Pick a note, or start a new one."}
        </p>
      )}
      <FreeFlightTour />
      {help && <ShortcutSheet onClose={() => setHelp(false)} />}
    </main>
  );
}
