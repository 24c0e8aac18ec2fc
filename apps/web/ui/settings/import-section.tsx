"use client";
// Import: Markdown files, zips of them (this app's export among them) or a
// Standard Notes plaintext backup, with the images the notes show (issue 36).
// Everything is read and sealed in this tab;
// a progress bar while notes are made, then a summary of what came in and what not.
import { useState } from "react";
import { importNotes } from "../../vault/import/import-notes";
import { readImport } from "../../vault/import/read-import";
import { useVault } from "../vault-context";
import { plural } from "../wording";

interface Summary {
  imported: number;
  skipped: string[];
}

export function ImportSection() {
  const { vault } = useVault();
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [summary, setSummary] = useState<Summary>();
  const run = async (list: FileList | null) => {
    if (!list || list.length === 0) return;
    setSummary(undefined);
    const files = await Promise.all(
      [...list].map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const found = readImport(files);
    setProgress({ done: 0, total: found.notes.length });
    const imported = await importNotes(vault, found.notes, (done, total) =>
      setProgress({ done, total }),
    );
    setProgress(undefined);
    setSummary({ imported, skipped: found.skipped });
  };
  return (
    <section aria-labelledby="import-h">
      <h3 id="import-h">Import notes</h3>
      <p>
        Markdown files, a zip of them (such as this app&apos;s own export), or a Standard Notes
        backup saved as plaintext JSON. Images the notes show come with them: keep them in the zip
        beside the notes, or pick them together with the Markdown files (images written into the
        text as data: URLs come too; images on the web are not fetched). Everything is read and
        encrypted on this device.
      </p>
      <label>
        Files to import
        <input
          type="file"
          multiple
          accept=".md,.markdown,.txt,.zip,.json,.png,.jpg,.jpeg,.gif,.webp,.avif,.bmp"
          disabled={progress !== undefined}
          onChange={(e) => {
            void run(e.target.files);
            e.target.value = "";
          }}
        />
      </label>
      {progress && (
        <p role="status">
          <progress max={progress.total} value={progress.done} aria-label="Import progress" />{" "}
          Importing {progress.done} of {plural(progress.total, "note")}…
        </p>
      )}
      {summary && (
        <div role="status" data-testid="import-summary">
          <p>Imported {plural(summary.imported, "note")}.</p>
          {summary.skipped.length > 0 && (
            <>
              <p>Left out:</p>
              <ul>
                {summary.skipped.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
