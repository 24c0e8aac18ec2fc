// Plain-text view of a note's Yjs document. Content lives in the XmlFragment
// "default" (contract.md §9.8, what ProseMirror-style editors bind to); plain text is
// one XmlElement("paragraph") holding one XmlText per line.
import * as Y from "yjs";

export const CONTENT_FRAGMENT = "default";

export function contentOf(doc: Y.Doc): Y.XmlFragment {
  return doc.getXmlFragment(CONTENT_FRAGMENT);
}

/** Lines of text, one per top-level element; formatting marks are dropped. */
export function readText(doc: Y.Doc): string {
  return contentOf(doc)
    .toArray()
    .map((node) => textOf(node))
    .join("\n");
}

function textOf(node: Y.XmlElement | Y.XmlText | Y.XmlHook): string {
  if (node instanceof Y.XmlText) {
    return node
      .toDelta()
      .map((op: { insert?: unknown }) => (typeof op.insert === "string" ? op.insert : ""))
      .join("");
  }
  if (node instanceof Y.XmlElement) {
    return node
      .toArray()
      .map((child) => textOf(child))
      .join("");
  }
  return "";
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
  const element = new Y.XmlElement("paragraph");
  const text = new Y.XmlText();
  text.insert(0, line);
  element.insert(0, [text]);
  return element;
}
