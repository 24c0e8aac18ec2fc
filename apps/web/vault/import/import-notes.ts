// Turns what readImport found into notes of this account: each is created (sealed,
// queued in the outbox like any new note) and its body written into its Yjs
// document as an ordinary edit. Reports progress; yields to the page between notes.
import { writeMarkdown, writeText } from "@notes/client";
import type { NoteMetadata } from "@notes/crypto";
import type { Vault } from "../vault";
import type { ImportedNote } from "./read-import";

export async function importNotes(
  vault: Pick<Vault, "createNote" | "note">,
  notes: readonly ImportedNote[],
  onProgress: (done: number, total: number) => void,
): Promise<number> {
  let done = 0;
  for (const imported of notes) {
    const metadata: NoteMetadata = {
      title: imported.title.slice(0, 1000),
      tags: imported.tags.slice(0, 100),
      ...(imported.pinned && { pinned: true }),
      ...(imported.trashed && { trashedAt: new Date().toISOString() }),
      ...(imported.createdAt && { createdAt: imported.createdAt }),
    };
    const id = await vault.createNote(metadata);
    const note = vault.note(id);
    if (note && imported.body !== "") {
      if (imported.format === "markdown") writeMarkdown(note.doc, imported.body);
      else writeText(note.doc, imported.body);
    }
    done += 1;
    onProgress(done, notes.length);
    // Let the progress bar paint (and typing elsewhere stay smooth).
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return done;
}
