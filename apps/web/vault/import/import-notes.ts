// Turns what readImport found into notes of this account: each is created (sealed,
// queued in the outbox like any new note) and its body written into its Yjs
// document as an ordinary edit. The images a note shows become its attachments, in
// place, uploaded as a pasted image is (encrypted here, resumed after a reload).
// Reports progress after every note and every image; yields to the page between them.
//
// Cancelling is safe at any moment: no note is left half written. The note being
// imported gets all of its text; its images not yet started are left out (and named),
// never left as blocks without an upload; the image being uploaded finishes (it is
// already in the note, and resumes after a reload like any upload); no further note
// is made.
import { ATTACHMENT_NODE, ATTR, CONTENT_FRAGMENT, writeMarkdown, writeText } from "@notes/client";
import type { NoteMetadata } from "@notes/crypto";
import * as Y from "yjs";
import type { Vault } from "../vault";
import type { MarkdownPart } from "./markdown-images";
import type { ImportedNote } from "./read-import";

export interface ImportProgress {
  notes: number;
  totalNotes: number;
  /** Images uploaded, or refused (the block then says why): either way, done with. */
  images: number;
  totalImages: number;
}

export interface ImportResult {
  imported: number;
  /** What a cancel left out, in words: the notes not made, the images not uploaded. */
  leftOut: string[];
  cancelled: boolean;
}

type ImportVault = Pick<Vault, "createNote" | "note"> & {
  attachments: Pick<Vault["attachments"], "upload">;
};

const imagesIn = (note: ImportedNote) =>
  note.parts?.filter((part) => typeof part !== "string").length ?? 0;

export async function importNotes(
  vault: ImportVault,
  notes: readonly ImportedNote[],
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ImportResult> {
  const progress: ImportProgress = {
    notes: 0,
    totalNotes: notes.length,
    images: 0,
    totalImages: notes.reduce((sum, note) => sum + imagesIn(note), 0),
  };
  const report = () => onProgress({ ...progress });
  const leftOut: string[] = [];
  report();
  for (const imported of notes) {
    if (signal?.aborted) {
      leftOut.push(`“${imported.title || "Untitled"}”: not imported, the import was cancelled`);
      continue;
    }
    const metadata: NoteMetadata = {
      title: imported.title.slice(0, 1000),
      tags: imported.tags.slice(0, 100),
      ...(imported.pinned && { pinned: true }),
      ...(imported.trashed && { trashedAt: new Date().toISOString() }),
      ...(imported.createdAt && { createdAt: imported.createdAt }),
    };
    const id = await vault.createNote(metadata);
    const note = vault.note(id);
    if (note && imported.parts) {
      const uploaded = async (image: { name: string }, sent: boolean) => {
        if (!sent)
          leftOut.push(
            `${image.name} in “${imported.title || "Untitled"}”: not imported, the import was cancelled`,
          );
        progress.images += 1;
        report();
        await yieldToPage();
      };
      await writeParts(vault, id, note.doc, imported.parts, uploaded, signal);
    } else if (note && imported.body !== "") {
      if (imported.format === "markdown") writeMarkdown(note.doc, imported.body);
      else writeText(note.doc, imported.body);
    }
    progress.notes += 1;
    report();
    // Let the progress bar paint (and typing elsewhere stay smooth).
    await yieldToPage();
  }
  return { imported: progress.notes, leftOut, cancelled: signal?.aborted ?? false };
}

const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Writes the text between images as Markdown and each image as an attachment block,
 * uploaded before the next part; after a cancel, the text goes on and the images do not.
 */
async function writeParts(
  vault: Pick<ImportVault, "attachments">,
  noteId: string,
  doc: Y.Doc,
  parts: readonly MarkdownPart[],
  done: (image: { name: string }, sent: boolean) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<void> {
  const fragment = doc.getXmlFragment(CONTENT_FRAGMENT);
  for (const part of parts) {
    if (typeof part === "string") {
      writeMarkdown(doc, part);
      continue;
    }
    if (signal?.aborted) {
      await done(part, false);
      continue;
    }
    const attachmentId = crypto.randomUUID();
    const block = new Y.XmlElement(ATTACHMENT_NODE);
    block.setAttribute(ATTR.attachmentId, attachmentId);
    block.setAttribute(ATTR.attachmentKind, "image");
    doc.transact(() => fragment.insert(fragment.length, [block]));
    // A refusal (storage full) shows on the image's block, as for a pasted one.
    await vault.attachments
      .upload(noteId, attachmentId, new File([part.bytes.slice()], part.name, { type: part.type }))
      .catch(() => undefined);
    await done(part, true);
  }
}
