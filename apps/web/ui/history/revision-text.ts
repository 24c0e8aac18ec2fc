// What the History view shows of a revision: its plain text (the SDK's readText, one
// line per block, so list items and quoted lines stay apart) and the line diff from
// it to the note as it is now, over the same reading of both.
import { readText } from "@notes/client";
import type * as Y from "yjs";
import { type DiffLine, lineDiff } from "./line-diff";

export interface RevisionText {
  text: string;
  diff: DiffLine[];
}

export function revisionText(revision: Y.Doc, current: Y.Doc): RevisionText {
  const text = readText(revision);
  return { text, diff: lineDiff(text, readText(current)) };
}
