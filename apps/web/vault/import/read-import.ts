// What an import brings in, read from the files a person picked: Markdown files
// (.md, .markdown, .txt), zips of them (the app's own export among them), and a
// Standard Notes plaintext backup (.json). Nothing is trusted: sizes are capped
// before anything is inflated or parsed, and every refusal is a line of the summary.
// A Markdown note's title comes from its front matter, else its leading "# " heading
// (takeHeadingTitle), else its file name. The images a note shows come with it: from
// the same zip, from the files picked with it, or from data: URLs (markdown-images.ts).
import { splitFrontMatter, takeHeadingTitle } from "@notes/client";
import { unzipSync } from "fflate";
import {
  cutAtImages,
  dataUrlImage,
  IMAGE_BYTES,
  type ImportedImage,
  imageType,
  type MarkdownPart,
  resolvePath,
} from "./markdown-images";
import { readStandardNotes } from "./standard-notes";

export interface ImportedNote {
  title: string;
  tags: string[];
  /** Markdown (files) or plain text (Standard Notes), see `format`. */
  body: string;
  format: "markdown" | "text";
  /** A Markdown body cut at the images it shows, when it shows any that were found. */
  parts?: MarkdownPart[];
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

/** Images found beside the notes, by path, and which of them a note showed. */
class ImageShelf {
  private readonly byPath = new Map<string, ImportedImage>();
  private readonly used = new Set<string>();

  add(path: string, bytes: Uint8Array): void {
    const type = imageType(path);
    if (type) this.byPath.set(path, { name: path.split("/").pop() ?? path, type, bytes });
  }

  /** The image `src` names from the note at `notePath`: by its path, else by its file name. */
  find(notePath: string, src: string, index: number): ImportedImage | undefined {
    if (src.startsWith("data:")) return dataUrlImage(src, index);
    const path = resolvePath(notePath, src);
    if (path === undefined) return undefined;
    let key: string | undefined = this.byPath.has(path) ? path : undefined;
    if (!key) {
      const name = path.split("/").pop();
      const named = [...this.byPath.keys()].filter((k) => k.split("/").pop() === name);
      if (named.length === 1) key = named[0];
    }
    if (!key) return undefined;
    this.used.add(key);
    return this.byPath.get(key);
  }

  unused(): string[] {
    return [...this.byPath.keys()].filter((path) => !this.used.has(path));
  }
}

export function readImport(files: { name: string; bytes: Uint8Array }[]): ImportRead {
  const out: ImportRead = { notes: [], skipped: [] };
  // Images picked beside the Markdown files (a folder's contents, selected together).
  const picked = new ImageShelf();
  for (const file of files)
    if (imageType(file.name)) {
      if (file.bytes.length > IMAGE_BYTES) out.skipped.push(`${file.name}: larger than 20 MiB`);
      else picked.add(file.name, file.bytes);
    }
  for (const file of files) {
    const lower = file.name.toLowerCase();
    if (lower.endsWith(".zip")) readZip(file, out);
    else if (lower.endsWith(".json")) readBackup(file, out);
    else if (TEXT.test(lower)) readMarkdownFile(file.name, file.bytes, out, picked);
    else if (!imageType(lower))
      out.skipped.push(`${file.name}: not a Markdown file, zip or Standard Notes backup`);
  }
  for (const name of picked.unused()) out.skipped.push(`${name}: an image no imported note shows`);
  return out;
}

function readMarkdownFile(
  name: string,
  bytes: Uint8Array,
  out: ImportRead,
  images: ImageShelf,
): void {
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
  const body = titled?.body ?? front.body;
  let found = 0;
  const parts = body.includes("![")
    ? cutAtImages(
        body,
        (src) => images.find(name, src, ++found),
        (src) => out.skipped.push(`${name}: image ${src.slice(0, 80)} not found`),
      )
    : [];
  out.notes.push({
    title: front.title ?? titled?.title ?? base.replace(TEXT, ""),
    tags: front.tags ?? [],
    body,
    format: "markdown",
    ...(parts.some((part) => typeof part !== "string") && { parts }),
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
        const image = imageType(entry.name) !== undefined;
        if (!TEXT.test(entry.name) && !image) {
          out.skipped.push(`${file.name}: ${entry.name}: not a Markdown file or image`);
          return false;
        }
        entries += 1;
        total += entry.originalSize;
        if (image && entry.originalSize > IMAGE_BYTES) {
          out.skipped.push(`${file.name}: ${entry.name}: larger than 20 MiB`);
          return false;
        }
        if (entries > LIMITS.zipEntries) refused = "more than 5,000 files";
        else if (total > LIMITS.zipTotalBytes)
          refused = `more than ${Math.round(LIMITS.zipTotalBytes / 2 ** 20)} MiB unpacked`;
        if (!image && entry.originalSize > LIMITS.fileBytes) {
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
  const images = new ImageShelf();
  const entriesInOrder = Object.entries(unzipped).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [name, bytes] of entriesInOrder) if (imageType(name)) images.add(name, bytes);
  for (const [name, bytes] of entriesInOrder)
    if (TEXT.test(name)) readMarkdownFile(name, bytes, out, images);
  for (const name of images.unused())
    out.skipped.push(`${file.name}: ${name}: an image no imported note shows`);
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
