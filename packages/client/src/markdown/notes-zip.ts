// The "export all notes" archive: one Markdown file per note at the root of a zip, named
// after its title. Names are safe on Windows, macOS and Linux and unique even where the
// file system folds case; the same notes always give the same entries in the same order.
import { strToU8, type Zippable, zipSync } from "fflate";
import type * as Y from "yjs";
import { type LinkedFile, noteToMarkdown } from "./to-markdown";

/** A note's attachment, decrypted on the device, to go into the archive (issue 36). */
export interface ExportedFile {
  id: string;
  name: string;
  bytes: Uint8Array;
}

type ExportedNote = {
  id: string;
  title: string;
  tags: string[];
  doc: Y.Doc;
  updatedAt?: Date;
  files?: readonly ExportedFile[];
};

const MAX_NAME_LENGTH = 80;
// Windows refuses these device names even with an extension ("con.md").
const RESERVED = /^(?:con|prn|aux|nul|com\d|lpt\d)(?:\.|$)/i;
// Zip timestamps are DOS dates, which fflate accepts for 1980–2099 only; the fixed fallback
// keeps archives byte-identical when notes carry no timestamp.
const EARLIEST = new Date(1980, 0, 1);
const LATEST = new Date(2099, 11, 31, 23, 59, 58);

export function buildNotesZip(
  notes: ReadonlyArray<ExportedNote>,
  onProgress?: (done: number, total: number) => void,
): Uint8Array {
  const ordered = [...notes].sort((a, b) => compare(a.title, b.title) || compare(a.id, b.id));
  const taken = new Set<string>();
  const files: Zippable = {};
  ordered.forEach((note, index) => {
    const name = uniqueName(baseName(note.title), taken);
    const mtime = zipTime(note.updatedAt);
    // Attachments under attachments/{id}/{name}: the id keeps two files of one name apart.
    const linked = new Map<string, LinkedFile>();
    for (const file of note.files ?? []) {
      const path = `attachments/${file.id}/${baseName(file.name)}`;
      if (files[path]) continue;
      files[path] = [file.bytes, { mtime }];
      linked.set(file.id, { path, name: file.name });
    }
    files[`${name}.md`] = [strToU8(noteToMarkdown(note, linked)), { mtime }];
    onProgress?.(index + 1, ordered.length);
  });
  return zipSync(files);
}

/** `notes-export-YYYY-MM-DD.zip` for the local calendar day of `date`. */
export function exportFileName(date: Date): string {
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
  return `notes-export-${day}.zip`;
}

// Code-unit order, not localeCompare: the order must not depend on the runtime's locale.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The file name a note is exported under on its own: its title made safe, then ".md". */
export function markdownFileName(title: string): string {
  return `${baseName(title)}.md`;
}

function baseName(title: string): string {
  const cleaned = title
    .replace(/[/\\:*?"<>|\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    // A leading dot hides the file on macOS and Linux.
    .replace(/^[.\s]+/, "");
  // Cut by code point so no surrogate pair is split; Windows drops trailing dots and spaces.
  const cut = Array.from(cleaned)
    .slice(0, MAX_NAME_LENGTH)
    .join("")
    .replace(/[.\s]+$/, "");
  if (cut === "") return "Untitled";
  return RESERVED.test(cut) ? `_${cut}` : cut;
}

// Case-insensitive and normalization-insensitive, like the default macOS and Windows file systems.
function uniqueName(base: string, taken: Set<string>): string {
  const key = (name: string) => name.normalize("NFC").toLowerCase();
  let name = base;
  for (let n = 2; taken.has(key(name)); n++) name = `${base} (${n})`;
  taken.add(key(name));
  return name;
}

function zipTime(date: Date | undefined): Date {
  if (date === undefined || Number.isNaN(date.getTime())) return EARLIEST;
  if (date < EARLIEST) return EARLIEST;
  return date > LATEST ? LATEST : date;
}
