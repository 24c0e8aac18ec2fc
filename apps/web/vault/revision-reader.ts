// Reading a note's past for the History panel: the revisions kept (premium), one of
// them opened with its signature checked, and the note as it was before its last
// tidy-up (compaction). Storing revisions is note-history.ts's business.
import {
  type ApiClient,
  listRevisions,
  type OpenNote,
  openSignedRevision,
  type PreviousContent,
  type RevisionDescriptor,
  readPreviousCompaction,
  type Session,
} from "@notes/client";

export class RevisionReader {
  constructor(
    private readonly api: ApiClient,
    private readonly session: () => Session,
  ) {}

  list(noteId: string): Promise<RevisionDescriptor[]> {
    return listRevisions(this.api, noteId);
  }

  /** One revision of a note, with its signature checked (History's preview). */
  open(note: OpenNote, revision: number) {
    return openSignedRevision(this.api, this.session(), note, revision);
  }

  /** What the note held before its last compaction, while the server keeps it. */
  previousCompaction(note: OpenNote): Promise<PreviousContent | undefined> {
    return readPreviousCompaction(this.api, note);
  }
}
