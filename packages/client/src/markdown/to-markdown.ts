// Markdown export of a note (public API, front matter, blocks). Walks the XmlFragment the web
// editor (TipTap over y-prosemirror) writes: element names are the node types of schema.ts, the
// same from-markdown.ts writes on import. Output is CommonMark plus GFM strikethrough, task
// list items ("- [x] done") and tables; unknown nodes degrade to their text and nothing throws.
import * as Y from "yjs";
import { plainText } from "../notes/plain-text";
import { CONTENT_FRAGMENT } from "../notes/text";
import { ATTACHMENT_NODE, ATTR, NODE } from "./schema";
import { longestBacktickRun, renderInlineNodes, type XmlNode } from "./to-markdown-inline";

const LISTS = new Set<string>([NODE.bulletList, NODE.orderedList, NODE.taskList]);
const ITEMS = new Set<string>([NODE.listItem, NODE.taskItem]);

/** An attachment as the export links it (issue 36): where its bytes are, relative to the note. */
export interface LinkedFile {
  path: string;
  name: string;
}

/** Attachment id → the exported file; an attachment not in it is named, not linked. */
export type LinkedFiles = ReadonlyMap<string, LinkedFile>;

export function noteToMarkdown(
  note: { title: string; tags: string[]; doc: Y.Doc },
  files?: LinkedFiles,
): string {
  const tags = note.tags.map(yamlString).join(", ");
  const front = `---\ntitle: ${yamlString(note.title)}\ntags: [${tags}]\n---\n`;
  const body = fragmentToMarkdown(note.doc.getXmlFragment(CONTENT_FRAGMENT), files);
  return body === "" ? front : `${front}\n${body}`;
}

/** The fragment as Markdown ending in one newline, or "" when it holds no visible content. */
export function fragmentToMarkdown(fragment: Y.XmlFragment, files?: LinkedFiles): string {
  linked = files;
  try {
    const body = renderBlocks(fragment.toArray(), false);
    return body === "" ? "" : `${body}\n`;
  } finally {
    linked = undefined;
  }
}

/** The attachment ids a note's document holds (of one kind), in document order (issue 36). */
export function attachmentIdsOf(doc: Y.Doc, kind?: "image" | "file"): string[] {
  const ids: string[] = [];
  const walk = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      if (!(node instanceof Y.XmlElement)) continue;
      if (node.nodeName === ATTACHMENT_NODE) {
        const id = node.getAttribute(ATTR.attachmentId) as unknown;
        const image = (node.getAttribute(ATTR.attachmentKind) as unknown) === "image";
        const wanted = kind === undefined || (kind === "image") === image;
        if (wanted && typeof id === "string" && !ids.includes(id)) ids.push(id);
      } else walk(node.toArray());
    }
  };
  walk(doc.getXmlFragment(CONTENT_FRAGMENT).toArray());
  return ids;
}

// The files of the note being rendered (set for the length of one fragmentToMarkdown call).
let linked: LinkedFiles | undefined;

/** An image as `![name](<path>)`, any other file as `[name](<path>)`; not exported: its words. */
function renderAttachment(node: Y.XmlElement): string {
  const id = node.getAttribute(ATTR.attachmentId) as unknown;
  const file = typeof id === "string" ? linked?.get(id) : undefined;
  if (!file) return "\\[attachment not exported\\]";
  const text = file.name.replace(/[\\[\]]/g, "\\$&");
  const image = (node.getAttribute(ATTR.attachmentKind) as unknown) === "image";
  return `${image ? "!" : ""}[${text}](<${file.path.replace(/[<>]/g, "")}>)`;
}

// A JSON string is a YAML double-quoted scalar, except for characters YAML treats as line
// breaks or does not allow unescaped in a stream.
function yamlString(value: string): string {
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u2028\u2029\ufffe\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

// --- blocks ---------------------------------------------------------------------------------

function renderBlocks(nodes: XmlNode[], inListItem: boolean): string {
  let out = "";
  let previous = "";
  let alternate = false;
  for (const node of nodes) {
    const name = node instanceof Y.XmlElement ? node.nodeName : "";
    // Two adjacent lists of one kind would merge into one; a different marker keeps them apart.
    alternate = LISTS.has(name) && name === previous ? !alternate : false;
    const text = renderBlock(node, alternate);
    if (text === "") continue;
    // Keeps "- item\n  - nested" tight; only a list whose first line can interrupt a
    // paragraph may follow it without a blank line.
    const tight = inListItem && LISTS.has(name) && /^(?:[-*]|1[.)]) +\S/.test(text);
    out += out === "" ? text : `${tight ? "\n" : "\n\n"}${text}`;
    previous = name;
  }
  return out;
}

function renderBlock(node: XmlNode, alternate: boolean): string {
  if (node instanceof Y.XmlText) return renderParagraph([node]);
  if (!(node instanceof Y.XmlElement)) return "";
  const children = node.toArray();
  switch (node.nodeName) {
    case NODE.paragraph:
      return renderParagraph(children);
    case NODE.heading:
      return renderHeading(node);
    case NODE.bulletList:
    case NODE.orderedList:
    case NODE.taskList:
      return renderList(node, alternate);
    case NODE.listItem:
    case NODE.taskItem:
      return renderBlocks(children, true);
    case NODE.blockquote:
      return prefixLines(renderBlocks(children, false), "> ", "> ");
    case NODE.codeBlock:
      return renderCodeBlock(node);
    case NODE.horizontalRule:
      return "---";
    case NODE.table:
      return renderTable(node);
    case NODE.hardBreak:
      return "";
    case ATTACHMENT_NODE:
      return renderAttachment(node);
    default:
      // Unknown textblocks (direct text children) read as paragraphs, unknown wrappers as
      // their children.
      return children.some((child) => child instanceof Y.XmlText)
        ? renderParagraph(children)
        : renderBlocks(children, false);
  }
}

function renderParagraph(nodes: XmlNode[]): string {
  const lines = renderInlineNodes(nodes)
    .split("\n")
    // Leading whitespace would be dropped by a reader, or turn the line into indented code.
    .map((line) => line.trimStart());
  while (lines.length > 0 && lines[0] === "") lines.shift();
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return lines.map(escapeLineStart).join("\\\n").trimEnd();
}

function renderHeading(node: Y.XmlElement): string {
  const level = Math.min(6, Math.max(1, integerAttribute(node, ATTR.level) ?? 1));
  const text = renderInlineNodes(node.toArray())
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ")
    // A trailing run of "#" would be read as the optional closing sequence.
    .replace(/(^|\s)(#+)$/, "$1\\$2");
  return text === "" ? "" : `${"#".repeat(level)} ${text}`;
}

function renderList(node: Y.XmlElement, alternate: boolean): string {
  const ordered = node.nodeName === NODE.orderedList;
  let number = ordered
    ? Math.min(999_999_999, Math.max(0, integerAttribute(node, ATTR.start) ?? 1))
    : 0;
  const items: string[] = [];
  for (const child of node.toArray()) {
    const marker = ordered ? `${number++}${alternate ? ")" : "."}` : alternate ? "*" : "-";
    const item = child instanceof Y.XmlElement && ITEMS.has(child.nodeName) ? child : undefined;
    const content = renderBlocks(item ? item.toArray() : [child], true);
    // "- ---" would be read as a rule rather than an item holding one; "___" is never a
    // list marker.
    const rendered = content.replace(/^---(?=\n|$)/, "___");
    const body = item?.nodeName === NODE.taskItem ? withTaskBox(item, rendered) : rendered;
    items.push(
      body === "" ? marker : prefixLines(body, `${marker} `, " ".repeat(marker.length + 1)),
    );
  }
  return items.join("\n");
}

/**
 * GFM's "[ ] " / "[x] " before a checklist item's words. Only a paragraph can share
 * the box's line; any other first block (a heading, a fence) starts below it.
 */
function withTaskBox(item: Y.XmlElement, body: string): string {
  const checked = item.getAttribute(ATTR.checked) as unknown;
  const box = checked === true || checked === "true" ? "[x]" : "[ ]";
  if (body === "") return box;
  const first = item.toArray().find((block) => renderBlock(block, false) !== "");
  const inline =
    first instanceof Y.XmlText ||
    (first instanceof Y.XmlElement && first.nodeName === NODE.paragraph);
  return inline ? `${box} ${body}` : `${box}\n\n${body}`;
}

function renderCodeBlock(node: Y.XmlElement): string {
  const code = plainText(node);
  const fence = "`".repeat(Math.max(3, longestBacktickRun(code) + 1));
  const language = node.getAttribute(ATTR.language) as unknown;
  // The info string ends at whitespace and may not hold a backtick.
  const info = typeof language === "string" ? (language.trim().split(/\s/)[0] ?? "") : "";
  return `${fence}${info.replace(/`/g, "")}\n${code === "" ? "" : `${code}\n`}${fence}`;
}

/**
 * A GFM table: the first row is its header (GFM has no table without one), each cell's
 * blocks on one line, "|" escaped. Spans and widths are not Markdown's and are left out.
 */
function renderTable(node: Y.XmlElement): string {
  const rows = node
    .toArray()
    .filter((row): row is Y.XmlElement => row instanceof Y.XmlElement)
    .map((row) =>
      row
        .toArray()
        .filter((cell): cell is Y.XmlElement => cell instanceof Y.XmlElement)
        .map(renderCell),
    )
    .filter((cells) => cells.length > 0);
  const width = Math.max(0, ...rows.map((cells) => cells.length));
  if (width === 0) return "";
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => cells[i] ?? "").join(" | ")} |`;
  const [head = [], ...body] = rows;
  return [line(head), line(Array(width).fill("---")), ...body.map(line)].join("\n");
}

function renderCell(cell: Y.XmlElement): string {
  return cell
    .toArray()
    .map((block) => renderBlock(block, false).replace(/\n+/g, " "))
    .filter((text) => text !== "")
    .join(" ")
    .replace(/\|/g, "\\|");
}

function prefixLines(text: string, first: string, rest: string): string {
  if (text === "") return "";
  const blank = rest.trimEnd();
  return text
    .split("\n")
    .map((line, i) => (i === 0 ? first : line === "" ? blank : rest) + line)
    .join("\n");
}

function integerAttribute(node: Y.XmlElement, name: string): number | undefined {
  const value = node.getAttribute(name) as unknown;
  const parsed =
    typeof value === "number"
      ? value
      : typeof value === "string"
        ? Number.parseInt(value, 10)
        : NaN;
  return Number.isFinite(parsed) ? Math.trunc(parsed) : undefined;
}

// Block syntax recognised only at the start of a line: headings, quotes, list markers,
// rules and setext underlines.
function escapeLineStart(line: string): string {
  if (/^(?:#{1,6}(?:\s|$)|>|[-+](?:\s|$)|[-=]+\s*$)/.test(line)) return `\\${line}`;
  return line.replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2");
}
