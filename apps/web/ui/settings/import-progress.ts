// The import's progress in one line (issue 36): notes made and images uploaded so far.
import type { ImportProgress } from "../../vault/import/import-notes";
import { plural } from "../wording";

/** "Importing 3 of 12 notes, 5 of 20 images…" (the images only when there are some). */
export function importProgressText(progress: ImportProgress): string {
  const notes = `${progress.notes.toLocaleString("en")} of ${plural(progress.totalNotes, "note")}`;
  if (progress.totalImages === 0) return `Importing ${notes}…`;
  const images = `${progress.images.toLocaleString("en")} of ${plural(progress.totalImages, "image")}`;
  return `Importing ${notes}, ${images}…`;
}
