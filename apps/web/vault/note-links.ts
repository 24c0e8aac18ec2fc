// Links between notes (issue 38). A link is an ordinary `link` mark whose href names the
// note by id, `/notes?note=<id>` (docs/client-crypto.md, "Metadata members"): it survives
// a rename (the id does not change), reads as a link in any client and in the Markdown
// export, and opens the note in this app. The editor shows the current title (and says
// when the reader cannot open the note); backlinks are found by looking through the
// notes this device holds, never on the server: in the search index's worker, which
// keeps the ids each note links to (`linkedIds`, read with its text), or in the tab.
import type { OpenNote } from "@notes/client";
import { CONTENT_FRAGMENT, isDocOpen, noteState, withNoteDoc } from "@notes/client";
import type * as Y from "yjs";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const NOTE_HREF = new RegExp(`^/notes\\?note=(${UUID})$`, "i");

export const noteLinkHref = (id: string) => `/notes?note=${id}`;

/** The note id a link's href names, or undefined for any other link. */
export function noteIdOfHref(href: unknown): string | undefined {
  if (typeof href !== "string") return undefined;
  return NOTE_HREF.exec(href.trim())?.[1]?.toLowerCase();
}

export interface Backlink {
  id: string;
  title: string;
}

/**
 * The notes that link to `id`, by title. A first pass over each note's text as XML
 * (where a mark's href is written out) keeps it cheap; notes in the trash are left out.
 */
export function backlinksTo(id: string, notes: Iterable<OpenNote>): Backlink[] {
  const needle = noteLinkHref(id.toLowerCase());
  const out: Backlink[] = [];
  for (const note of notes) {
    if (note.id === id || note.metadata.trashedAt) continue;
    if (!mayLink(note, needle)) continue;
    // Resting notes are read without being opened (and kept open) for this.
    const xml = withNoteDoc(note, (doc) => doc.getXmlFragment(CONTENT_FRAGMENT).toString());
    if (xml.toLowerCase().includes(needle)) out.push({ id: note.id, title: note.metadata.title });
  }
  return out.sort((a, b) => a.title.localeCompare(b.title));
}

const NOTE_HREFS = new RegExp(`/notes\\?note=(${UUID})`, "gi");

/** The ids of the notes a document links to, each once (read for the search index). */
export function linkedIds(doc: Y.Doc): string[] {
  const xml = doc.getXmlFragment(CONTENT_FRAGMENT).toString();
  if (!xml.includes("/notes?note=")) return [];
  return [...new Set([...xml.matchAll(NOTE_HREFS)].map((m) => (m[1] ?? "").toLowerCase()))];
}

const bytesAsText = new TextDecoder();

/**
 * Whether a resting note may hold the link: a mark's href is in its encoded state
 * verbatim (Yjs writes format attributes as JSON), so most notes are ruled out
 * without building a document for each (100,000 of them at issue 35's scale).
 */
function mayLink(note: OpenNote, needle: string): boolean {
  if (isDocOpen(note)) return true;
  return bytesAsText.decode(noteState(note)).toLowerCase().includes(needle);
}
