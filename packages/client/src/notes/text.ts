// Plain-text view of a note's Yjs document. Content lives in the XmlFragment
// "default" (contract.md §9.8, what ProseMirror-style editors bind to); plain text is
// written as one XmlElement("paragraph") holding one XmlText per line, and read back
// by plainText, which every reader of a note's words shares.
import * as Y from "yjs";
import { NODE } from "../markdown/schema";
import { plainText } from "./plain-text";

export const CONTENT_FRAGMENT = "default";

export function contentOf(doc: Y.Doc): Y.XmlFragment {
  return doc.getXmlFragment(CONTENT_FRAGMENT);
}

/** The note's plain text (plain-text.ts): one line per block, marks dropped. */
export function readText(doc: Y.Doc): string {
  return plainText(contentOf(doc));
}

/** Replaces the whole content with `text`, one paragraph per line, in one transaction. */
export function writeText(doc: Y.Doc, text: string): void {
  const fragment = contentOf(doc);
  doc.transact(() => {
    if (fragment.length > 0) fragment.delete(0, fragment.length);
    fragment.insert(0, text.split("\n").map(paragraph));
  });
}

/** Appends one paragraph at the end: a small update that merges with concurrent edits. */
export function appendParagraph(doc: Y.Doc, line: string): void {
  const fragment = contentOf(doc);
  doc.transact(() => fragment.insert(fragment.length, [paragraph(line)]));
}

function paragraph(line: string): Y.XmlElement {
  const element = new Y.XmlElement(NODE.paragraph);
  const text = new Y.XmlText();
  text.insert(0, line);
  element.insert(0, [text]);
  return element;
}
