"use client";
// Under a note: the notes that link to it (issue 38), found in this tab among the notes
// held here (vault/note-links.ts). Looked for a moment after the list last changed, so
// a sync or a keystroke elsewhere does not pay for a pass over every note.
import { useEffect, useState } from "react";
import type { Backlink } from "../../vault/note-links";
import type { NoteListView } from "../../vault/note-list-view";
import { useVault } from "../vault-context";

const SETTLE_MS = 300;

export function Backlinks({
  id,
  list,
  onOpen,
}: {
  id: string;
  /** The list as shown: a new one is when links may have changed. */
  list: NoteListView;
  onOpen?: ((id: string) => void) | undefined;
}) {
  const { vault } = useVault();
  const [links, setLinks] = useState<Backlink[]>([]);
  useEffect(() => {
    // list: a change in the list (titles, notes) is when links may have changed.
    void list;
    let current = true;
    const timer = setTimeout(
      () => void vault.backlinks(id).then((found) => current && setLinks(found)),
      SETTLE_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [vault, id, list]);
  if (links.length === 0) return null;
  return (
    <section className="backlinks" aria-labelledby={`backlinks-${id}`}>
      <h2 id={`backlinks-${id}`}>Linked from</h2>
      <ul className="backlinks-list">
        {links.map((link) => (
          <li key={link.id}>
            <a
              href={`/notes?note=${link.id}`}
              dir="auto"
              onClick={(e) => {
                if (!onOpen) return;
                e.preventDefault();
                onOpen(link.id);
              }}
            >
              {link.title || "Untitled"}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
