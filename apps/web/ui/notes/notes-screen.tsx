"use client";
// The notes screen: list and search on the left, the open note on the right. The
// open note's id lives in the URL (?note=) so reload and back keep it.
import { useRouter, useSearchParams } from "next/navigation";
import { useVault } from "../vault-context";
import { ExportButton } from "./export-button";
import { NoteList } from "./note-list";
import { NotePane } from "./note-pane";

export function NotesScreen() {
  const { vault, state } = useVault();
  const router = useRouter();
  const selected = useSearchParams().get("note") ?? undefined;
  const select = (id: string | undefined) => router.replace(id ? `/notes?note=${id}` : "/notes");
  const create = async () => select(await vault.createNote({ title: "", tags: [] }));
  return (
    <main className="notes">
      <aside className="sidebar">
        <div className="row">
          <button type="button" onClick={() => void create()}>
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
          {state.notes.length === 0 && !state.sync.firstDone
            ? "Fetching your notes…"
            : "Pick a note, or start a new one."}
        </p>
      )}
    </main>
  );
}
