// Moving a note into a notebook (issue 38), the one way both the "Move to notebook…"
// dialog and a drop on the sidebar do it: the path is sealed into the note's metadata
// like its title, so the server never learns a notebook's name.
import type { Vault } from "../../vault/vault";

/** The drag data type of a note's row: its id (a drop elsewhere sees only the title as text). */
export const NOTE_DRAG_TYPE = "application/x-notes-note-id";

/** Puts note `id` into `path` (none: out of any notebook); answers its title, or undefined when gone. */
export async function moveNoteTo(
  vault: Vault,
  id: string,
  path: readonly string[] | undefined,
): Promise<string | undefined> {
  const note = vault.note(id) ?? (await vault.openNote(id));
  if (!note) return undefined;
  const next = { ...note.metadata };
  if (path) next.notebook = [...path];
  else delete next.notebook;
  vault.setMetadata(id, next);
  return note.metadata.title;
}
