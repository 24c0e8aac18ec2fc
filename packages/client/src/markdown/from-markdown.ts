// Markdown into the note's Yjs document, in the shape the editor (TipTap over
// y-prosemirror) writes and the export (to-markdown.ts) reads: block elements named
// after the node types of schema.ts, marks as XmlText attributes. Parsed by
// markdown-it (CommonMark + strikethrough), linear on pathological input and
// capped at 100 levels of nesting. Raw HTML is kept as literal text, never as
// markup, so nothing in an imported file can run; the <u>…</u> and <mark>…</mark>
// the export writes for underline and highlight are the exceptions, read back as the
// marks. "- [ ]" / "- [x]" items become checklists (task-lists.ts); GFM tables
// become tables, each cell one paragraph.
import type { Token } from "markdown-it";
import MarkdownIt from "markdown-it";
import * as Y from "yjs";
import { CONTENT_FRAGMENT } from "../notes/text";
import { ATTR, MARK, type MarkName, NODE, type NodeName } from "./schema";
import { type Block, groupTaskItems, isBlock, type Node, takeTaskBox } from "./task-lists";

export const markdownIt = new MarkdownIt("commonmark", { html: true, maxNesting: 100 }).enable([
  "strikethrough",
  "table",
]);
type Marks = Partial<Record<MarkName, object>>;
type Child = Y.XmlElement | Y.XmlText;

const BLOCKS: Partial<Record<string, NodeName>> = {
  paragraph_open: NODE.paragraph,
  heading_open: NODE.heading,
  blockquote_open: NODE.blockquote,
  bullet_list_open: NODE.bulletList,
  ordered_list_open: NODE.orderedList,
  list_item_open: NODE.listItem,
  table_open: NODE.table,
  tr_open: NODE.tableRow,
  th_open: NODE.tableHeader,
  td_open: NODE.tableCell,
};
/** Parts of a table the editor has no node for: their contents go to the table. */
const PASS_THROUGH = new Set(["thead_open", "thead_close", "tbody_open", "tbody_close"]);
const CELLS = new Set<string>([NODE.tableHeader, NODE.tableCell]);

/** Appends the Markdown's blocks to the document's content, in one transaction. */
export function writeMarkdown(doc: Y.Doc, markdown: string): void {
  const blocks = markdownBlocks(markdown).map(built);
  const fragment = doc.getXmlFragment(CONTENT_FRAGMENT);
  if (blocks.length > 0) doc.transact(() => fragment.insert(fragment.length, blocks));
}

// markdown-it drops what lies past its nesting cap; quotes deeper than this are
// folded into the deepest allowed level so their text survives.
const DEEPEST_QUOTE = /^([ \t]*(?:>[ \t]?){20})(?:>[ \t]?)+/gm;

function markdownBlocks(markdown: string): Array<Block | Y.XmlElement> {
  markdown = markdown.replace(DEEPEST_QUOTE, "$1");
  const root: Node[] = [];
  const stack: Block[] = [];
  // A loop, not push(...nodes): a paragraph can hold more hard breaks than a call
  // can take arguments.
  const add = (nodes: Node[]) => {
    const into = stack.at(-1)?.children ?? root;
    for (const node of nodes) into.push(node);
  };
  const tokens = markdownIt.parse(markdown, {});
  for (const [at, token] of tokens.entries()) {
    if (PASS_THROUGH.has(token.type)) continue;
    const name = BLOCKS[token.type];
    if (name) {
      const task =
        name === NODE.listItem && stack.at(-1)?.name === NODE.bulletList
          ? takeTaskBox(tokens, at)
          : undefined;
      const block: Block = task
        ? { name: NODE.taskItem, attrs: { [ATTR.checked]: task.checked }, children: [] }
        : { name, attrs: {}, children: [] };
      // A number, as the editor's heading levels are: "2" drew as a level-1 heading.
      if (name === NODE.heading) block.attrs[ATTR.level] = Number(token.tag.slice(1));
      if (name === NODE.orderedList) block.attrs[ATTR.start] = Number(token.attrGet("start") ?? 1);
      stack.push(block);
    } else if (token.type.endsWith("_close")) {
      const block = stack.pop();
      if (!block) continue;
      // ProseMirror wants at least one block in a list item or quote.
      if (
        block.children.length === 0 &&
        block.name !== NODE.paragraph &&
        block.name !== NODE.heading
      )
        block.children.push({ name: NODE.paragraph, attrs: {}, children: [] });
      add(block.name === NODE.bulletList ? groupTaskItems(block) : [block]);
    } else if (token.type === "inline") {
      const inlines = inline(token.children ?? []);
      // A cell's text is inline in Markdown; in the editor it sits in a paragraph.
      const cell = stack.at(-1);
      if (cell && CELLS.has(cell.name))
        add([{ name: NODE.paragraph, attrs: {}, children: inlines }]);
      else add(inlines);
    } else if (token.type === "fence" || token.type === "code_block") {
      add([codeBlock(token)]);
    } else if (token.type === "hr") {
      add([new Y.XmlElement(NODE.horizontalRule)]);
    } else if (token.type === "html_block") {
      add([paragraphOf(token.content.replace(/\n$/, ""))]);
    }
  }
  return root.filter((node): node is Block | Y.XmlElement => !(node instanceof Y.XmlText));
}

/** The Yjs element of a block, its children built first; leaves are built already. */
function built(node: Node): Child {
  if (!isBlock(node)) return node;
  const element = new Y.XmlElement(node.name);
  for (const [key, value] of Object.entries(node.attrs)) element.setAttribute(key, value as never);
  if (node.children.length > 0) element.insert(0, node.children.map(built));
  return element;
}

function codeBlock(token: Token): Y.XmlElement {
  const element = new Y.XmlElement(NODE.codeBlock);
  const language = token.info.trim().split(/\s/)[0];
  if (language) element.setAttribute(ATTR.language, language);
  const text = new Y.XmlText();
  const code = token.content.replace(/\n$/, "");
  if (code) text.insert(0, code);
  element.insert(0, [text]);
  return element;
}

function paragraphOf(value: string): Y.XmlElement {
  const element = new Y.XmlElement(NODE.paragraph);
  const text = new Y.XmlText();
  text.insert(0, value);
  element.insert(0, [text]);
  return element;
}

/** Inline tokens: runs of marked text, split by hard breaks. */
function inline(tokens: Token[]): Child[] {
  const out: Child[] = [];
  let text: Y.XmlText | undefined;
  let length = 0;
  let marks: Marks = {};
  const write = (value: string, extra: Marks = {}) => {
    if (value === "") return;
    if (!text) {
      text = new Y.XmlText();
      length = 0;
      out.push(text);
    }
    text.insert(length, value, { ...marks, ...extra });
    length += value.length;
  };
  const toggle = (mark: MarkName, on: boolean, value: object = {}) => {
    if (on) marks = { ...marks, [mark]: value };
    else {
      const { [mark]: _, ...rest } = marks;
      marks = rest;
    }
  };
  for (const token of tokens) {
    switch (token.type) {
      case "text":
        write(token.content);
        break;
      case "code_inline":
        write(token.content, { [MARK.code]: {} });
        break;
      case "softbreak":
        write(" ");
        break;
      case "hardbreak":
        out.push(new Y.XmlElement(NODE.hardBreak));
        text = undefined;
        break;
      case "strong_open":
      case "strong_close":
        toggle(MARK.bold, token.nesting === 1);
        break;
      case "em_open":
      case "em_close":
        toggle(MARK.italic, token.nesting === 1);
        break;
      case "s_open":
      case "s_close":
        toggle(MARK.strike, token.nesting === 1);
        break;
      case "link_open":
        toggle(MARK.link, true, { [ATTR.href]: safeHref(String(token.attrGet("href") ?? "")) });
        break;
      case "link_close":
        toggle(MARK.link, false);
        break;
      case "image":
        write(token.content || String(token.attrGet("src") ?? ""));
        break;
      case "html_inline": {
        const tag = token.content.trim().toLowerCase();
        if (tag === "<u>" || tag === "</u>") toggle(MARK.underline, tag === "<u>");
        else if (tag === "<mark>" || tag === "</mark>") toggle(MARK.highlight, tag === "<mark>");
        else write(token.content);
        break;
      }
      default:
        write(token.content);
    }
  }
  return out;
}

/** Links keep web, mail and relative targets; any other scheme becomes a plain "#". */
export function safeHref(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1]?.toLowerCase();
  if (scheme === undefined || ["http", "https", "mailto", "tel"].includes(scheme)) return url;
  return "#";
}
