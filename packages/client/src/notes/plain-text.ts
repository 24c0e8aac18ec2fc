// The one plain-text reading of a note's document, for everything that wants words
// rather than formatting: search and its snippets, the History preview and diff,
// `readText`, the export's code blocks. Elements are ProseMirror node types as
// TipTap writes them through y-prosemirror. Every block boundary is a line break, so
// list items, quoted paragraphs and table cells never run into each other; marks
// are dropped; a hard break is a line break too.
import * as Y from "yjs";
import { NODE } from "../markdown/schema";

type XmlNode = Y.XmlElement | Y.XmlText | Y.XmlHook;

/** Blocks that hold inline content: each is one line (more with hard breaks). */
const TEXTBLOCKS = new Set<string>([NODE.paragraph, NODE.heading, NODE.codeBlock]);

/** The node's text, one line per block; "" for an empty document. */
export function plainText(node: Y.XmlFragment | Y.XmlElement): string {
  const lines: string[] = [];
  if (node instanceof Y.XmlElement) blockLines(node, lines);
  else for (const child of node.toArray()) blockLines(child, lines);
  return lines.join("\n");
}

function blockLines(node: XmlNode, lines: string[]): void {
  if (node instanceof Y.XmlText) {
    lines.push(inlineText([node]));
    return;
  }
  if (!(node instanceof Y.XmlElement)) return;
  const name = node.nodeName;
  const children = node.toArray();
  if (TEXTBLOCKS.has(name)) lines.push(inlineText(children));
  // A rule has no text; an empty line keeps the text on either side apart.
  else if (name === NODE.horizontalRule) lines.push("");
  else if (name === NODE.taskItem) taskItemLines(node, children, lines);
  // Unknown nodes: with text of their own they read as a line, otherwise as a
  // container of blocks (the Markdown export decides the same way).
  else if (children.some((child) => child instanceof Y.XmlText)) lines.push(inlineText(children));
  else for (const child of children) blockLines(child, lines);
}

/**
 * A checklist item reads "[ ] words" or "[x] words", as the Markdown export writes
 * it: the words stay searchable, and ticking an item shows in the History diff.
 */
function taskItemLines(item: Y.XmlElement, children: XmlNode[], lines: string[]): void {
  const checked = item.getAttribute("checked") as unknown;
  const box = checked === true || checked === "true" ? "[x]" : "[ ]";
  const at = lines.length;
  for (const child of children) blockLines(child, lines);
  const first = lines[at] ?? "";
  lines[at] = first === "" ? box : `${box} ${first}`;
}

function inlineText(nodes: XmlNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (node instanceof Y.XmlText) {
      for (const op of node.toDelta() as { insert?: unknown }[])
        if (typeof op.insert === "string") out += op.insert;
    } else if (node instanceof Y.XmlElement) {
      out += node.nodeName === NODE.hardBreak ? "\n" : inlineText(node.toArray());
    }
  }
  return out;
}
