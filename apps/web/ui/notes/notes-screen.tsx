"use client";
// The notes screen: list and search on the left, the open note on the right. The
// open note's id lives in the URL (?note=) so reload and back keep it.
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { FreeFlightTour } from "../tours/free-flight";
import { useVault } from "../vault-context";
import { ExportButton } from "./export-button";
import { NoteList } from "./note-list";
import { NotePane } from "./note-pane";

export function NotesScreen() {
  const { vault, state } = useVault();
  const router = useRouter();
  const inUrl = useSearchParams().get("note") ?? undefined;
  // The pane follows this at once; the URL catches up (router.replace is async), so
  // nothing typed right after a click can land in the note being left.
  const [selected, setSelected] = useState(inUrl);
  const [creating, setCreating] = useState(false);
  useEffect(() => setSelected(inUrl), [inUrl]);
  const select = (id: string | undefined) => {
    setSelected(id);
    router.replace(id ? `/notes?note=${id}` : "/notes");
  };
  const create = async () => {
    setSelected(undefined);
    setCreating(true);
    try {
      select(await vault.createNote({ title: "", tags: [] }));
    } finally {
      setCreating(false);
    }
  };
  return (
    <main className="notes">
      <aside className="sidebar">
        <div className="row">
          <button type="button" data-tour="new-note" onClick={() => void create()}>
            New note
          </button>
          <ExportButton />
        </div>
        <NoteList notes={state.notes} selected={selected} onSelect={select} />
      </aside>
      {selected ? (
        <NotePane key={selected} id={selected} onDeleted={() => select(undefined)} />
      ) : (
        <p className="muted pane">
          {creating
            ? "Starting a new note…"
            : state.notes.length === 0 && !state.sync.firstDone
              ? "Fetching your notes…"
              : "Pick a note, or start a new one."}
        </p>
      )}
      <FreeFlightTour />
    </main>
  );
}
