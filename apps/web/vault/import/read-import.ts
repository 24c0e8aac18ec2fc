// What an import brings in, read from the files a person picked: Markdown files
// (.md, .markdown, .txt), zips of them (the app's own export among them), and a
// Standard Notes plaintext backup (.json). Nothing is trusted: sizes are capped
// before anything is inflated or parsed, and every refusal is a line of the summary.
// A Markdown note's title comes from its front matter, else its leading "# " heading
// (takeHeadingTitle), else its file name.
import { splitFrontMatter, takeHeadingTitle } from "@notes/client";
import { unzipSync } from "fflate";
import { readStandardNotes } from "./standard-notes";

export interface ImportedNote {
  title: string;
  tags: string[];
  /** Markdown (files) or plain text (Standard Notes), see `format`. */
  body: string;
  format: "markdown" | "text";
  pinned?: boolean;
  trashed?: boolean;
  createdAt?: string;
}

export interface ImportRead {
  notes: ImportedNote[];
  /** One line per file or entry left out, and why. */
  skipped: string[];
}

export const LIMITS = {
  fileBytes: 1024 * 1024,
  zipBytes: 50 * 1024 * 1024,
  zipEntries: 5000,
  zipTotalBytes: 200 * 1024 * 1024,
  backupBytes: 50 * 1024 * 1024,
};

const TEXT = /\.(md|markdown|txt)$/i;
const decoder = new TextDecoder("utf-8", { fatal: true });

export function readImport(files: { name: string; bytes: Uint8Array }[]): ImportRead {
  const out: ImportRead = { notes: [], skipped: [] };
  for (const file of files) {
    const lower = file.name.toLowerCase();
    if (lower.endsWith(".zip")) readZip(file, out);
    else if (lower.endsWith(".json")) readBackup(file, out);
    else if (TEXT.test(lower)) readMarkdownFile(file.name, file.bytes, out);
    else out.skipped.push(`${file.name}: not a Markdown file, zip or Standard Notes backup`);
  }
  return out;
}

function readMarkdownFile(name: string, bytes: Uint8Array, out: ImportRead): void {
  if (bytes.length > LIMITS.fileBytes) {
    out.skipped.push(`${name}: larger than 1 MiB`);
    return;
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    out.skipped.push(`${name}: not UTF-8 text`);
    return;
  }
  const front = splitFrontMatter(text);
  // A title in front matter (the app's own export) wins; the body is then left whole.
  const titled = front.title === undefined ? takeHeadingTitle(front.body) : undefined;
  const base = name.split("/").pop() ?? name;
  out.notes.push({
    title: front.title ?? titled?.title ?? base.replace(TEXT, ""),
    tags: front.tags ?? [],
    body: titled?.body ?? front.body,
    format: "markdown",
  });
}

function readZip(file: { name: string; bytes: Uint8Array }, out: ImportRead): void {
  if (file.bytes.length > LIMITS.zipBytes) {
    out.skipped.push(`${file.name}: larger than 50 MiB`);
    return;
  }
  let entries = 0;
  let total = 0;
  let refused: string | undefined;
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipSync(file.bytes, {
      // Decided from the directory before anything is inflated: a zip bomb is refused here.
      filter: (entry) => {
        if (entry.name.endsWith("/") || entry.name.includes("__MACOSX/")) return false;
        if (!TEXT.test(entry.name)) {
          out.skipped.push(`${file.name}: ${entry.name}: not a Markdown file`);
          return false;
        }
        entries += 1;
        total += entry.originalSize;
        if (entries > LIMITS.zipEntries) refused = "more than 5,000 files";
        else if (total > LIMITS.zipTotalBytes)
          refused = `more than ${Math.round(LIMITS.zipTotalBytes / 2 ** 20)} MiB unpacked`;
        if (entry.originalSize > LIMITS.fileBytes) {
          out.skipped.push(`${file.name}: ${entry.name}: larger than 1 MiB`);
          return false;
        }
        return refused === undefined;
      },
    });
  } catch {
    out.skipped.push(`${file.name}: not a readable zip`);
    return;
  }
  if (refused) {
    out.skipped.push(`${file.name}: ${refused}`);
    return;
  }
  for (const [name, bytes] of Object.entries(unzipped).sort(([a], [b]) => (a < b ? -1 : 1)))
    readMarkdownFile(name, bytes, out);
}

function readBackup(file: { name: string; bytes: Uint8Array }, out: ImportRead): void {
  if (file.bytes.length > LIMITS.backupBytes) {
    out.skipped.push(`${file.name}: larger than 50 MiB`);
    return;
  }
  try {
    const backup = readStandardNotes(decoder.decode(file.bytes));
    out.notes.push(...backup.notes);
    out.skipped.push(...backup.skipped.map((line) => `${file.name}: ${line}`));
  } catch (error) {
    out.skipped.push(`${file.name}: ${error instanceof Error ? error.message : "not readable"}`);
  }
}
