"use client";
// Export of every note as Markdown files in a zip, made entirely in this tab.
import { attachmentIdsOf, buildNotesZip, exportFileName } from "@notes/client";
import { useState } from "react";
import { useVault, useVaultState } from "../vault-context";
import { plural } from "../wording";

export function ExportButton() {
  const { vault } = useVault();
  const listed = useVaultState((s) => s.list.size);
  const [progress, setProgress] = useState<string>();
  const run = async () => {
    setProgress("Reading notes…");
    const notes = await vault.allNotes();
    vault.recordJourney("export", "start");
    setProgress(`Preparing ${plural(notes.length, "note")}…`);
    // Files kept with the notes go into the archive beside them, decrypted here (issue 36).
    const withFiles = notes.map((n) => ({ note: n, ids: attachmentIdsOf(n.doc) }));
    const fileCount = withFiles.reduce((sum, { ids }) => sum + ids.length, 0);
    if (fileCount > 0) setProgress(`Fetching ${plural(fileCount, "file")}…`);
    const files = new Map<string, Awaited<ReturnType<typeof vault.attachments.exportFiles>>>();
    for (const { note, ids } of withFiles)
      if (ids.length > 0) files.set(note.id, await vault.attachments.exportFiles(note.id, ids));
    // Let the progress line paint before the (synchronous) zip work starts.
    await new Promise((r) => setTimeout(r, 30));
    const zip = buildNotesZip(
      notes.map((n) => ({
        id: n.id,
        title: n.metadata.title,
        tags: n.metadata.tags,
        doc: n.doc,
        files: files.get(n.id) ?? [],
      })),
    );
    const a = document.createElement("a");
    a.href = URL.createObjectURL(
      new Blob([zip as Uint8Array<ArrayBuffer>], { type: "application/zip" }),
    );
    a.download = exportFileName(new Date());
    a.click();
    URL.revokeObjectURL(a.href);
    setProgress(`Exported ${plural(notes.length, "note")}.`);
    vault.recordJourney("export", "complete");
  };
  // Nothing to export yet: no button that would make an empty zip.
  if (listed === 0) return null;
  return (
    <div className="export" data-tour="export">
      <button type="button" className="secondary" onClick={() => void run()}>
        Export all as Markdown
      </button>
      {progress && <output className="muted">{progress}</output>}
    </div>
  );
}
