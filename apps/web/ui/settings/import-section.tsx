"use client";
// Import: Markdown files, zips of them (this app's export among them) or a
// Standard Notes plaintext backup, with the images the notes show (issue 36).
// Everything is read and sealed in this tab;
// progress per note and per image while they are made and uploaded (Cancel stops
// without leaving a note half written), then a summary of what came in and what not.
import { useRef, useState } from "react";
import { type ImportProgress, importNotes } from "../../vault/import/import-notes";
import { readImport } from "../../vault/import/read-import";
import { useVault } from "../vault-context";
import { plural } from "../wording";
import { importProgressText } from "./import-progress";

interface Summary {
  imported: number;
  skipped: string[];
  cancelled: boolean;
}

export function ImportSection() {
  const { vault } = useVault();
  const [progress, setProgress] = useState<ImportProgress>();
  const [summary, setSummary] = useState<Summary>();
  const [cancelling, setCancelling] = useState(false);
  const stop = useRef<AbortController>(undefined);
  const run = async (list: FileList | null) => {
    if (!list || list.length === 0) return;
    setSummary(undefined);
    const files = await Promise.all(
      [...list].map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const found = readImport(files);
    const controller = new AbortController();
    stop.current = controller;
    const result = await importNotes(vault, found.notes, setProgress, controller.signal);
    setProgress(undefined);
    setCancelling(false);
    setSummary({
      imported: result.imported,
      skipped: [...found.skipped, ...result.leftOut],
      cancelled: result.cancelled,
    });
  };
  const cancel = () => {
    setCancelling(true);
    stop.current?.abort();
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
        <div role="status">
          <progress
            max={progress.totalNotes + progress.totalImages}
            value={progress.notes + progress.images}
            aria-label="Import progress"
          />{" "}
          {cancelling
            ? "Cancelling: the image on its way finishes, the rest is left out…"
            : importProgressText(progress)}{" "}
          <button type="button" className="secondary" disabled={cancelling} onClick={cancel}>
            Cancel import
          </button>
        </div>
      )}
      {summary && (
        <div role="status" data-testid="import-summary">
          <p>
            {summary.cancelled ? "Import cancelled. " : ""}Imported{" "}
            {plural(summary.imported, "note")}.
          </p>
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
