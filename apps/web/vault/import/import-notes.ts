// Turns what readImport found into notes of this account: each is created (sealed,
// queued in the outbox like any new note) and its body written into its Yjs
// document as an ordinary edit. The images a note shows become its attachments, in
// place, uploaded as a pasted image is (encrypted here, resumed after a reload).
// Reports progress; yields to the page between notes.
import { ATTACHMENT_NODE, ATTR, CONTENT_FRAGMENT, writeMarkdown, writeText } from "@notes/client";
import type { NoteMetadata } from "@notes/crypto";
import * as Y from "yjs";
import type { Vault } from "../vault";
import type { MarkdownPart } from "./markdown-images";
import type { ImportedNote } from "./read-import";

export async function importNotes(
  vault: Pick<Vault, "createNote" | "note"> & {
    attachments: Pick<Vault["attachments"], "upload">;
  },
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
    if (note && imported.parts) await writeParts(vault, id, note.doc, imported.parts);
    else if (note && imported.body !== "") {
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

/** Writes the text between images as Markdown and each image as an attachment block. */
async function writeParts(
  vault: { attachments: Pick<Vault["attachments"], "upload"> },
  noteId: string,
  doc: Y.Doc,
  parts: readonly MarkdownPart[],
): Promise<void> {
  const fragment = doc.getXmlFragment(CONTENT_FRAGMENT);
  for (const part of parts) {
    if (typeof part === "string") {
      writeMarkdown(doc, part);
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
  }
}
