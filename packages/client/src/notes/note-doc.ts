// A note's Yjs document. Its guid is the note's id: left out, Yjs draws a random uuid
// for each document through lib0, with one crypto.getRandomValues call per hex digit,
// which was 5 % of the main thread's time in a 10,000-note sync (docs/benchmarks-log.md). A guid
// only names subdocuments, which notes do not have; the writer's clientID stays random.
import * as Y from "yjs";

export function newNoteDoc(noteId: string): Y.Doc {
  return new Y.Doc({ guid: noteId });
}
