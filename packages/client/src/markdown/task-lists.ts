// Checklists in imported Markdown: a bullet item whose text begins with "[ ]" or
// "[x]" (GFM's task list items, what the export writes) becomes a taskItem, and a
// bullet list's task items become taskLists. The editor's taskItem holds paragraphs
// only, so what else a task item holds (a nested list, a code block) is lifted out
// to follow it: nested checklist items join the list as items of their own, anything
// else ends the list there. The text is kept in reading order; only nesting is lost.
import type { Token } from "markdown-it";
import * as Y from "yjs";
import { NODE, type NodeName } from "./schema";

/** A block being built: plain data until the end, so items can still move between lists. */
export interface Block {
  name: NodeName;
  attrs: Record<string, string | number | boolean>;
  children: Node[];
}
/** Leaves are built Yjs nodes: text runs, hard breaks, code blocks, rules. */
export type Node = Block | Y.XmlText | Y.XmlElement;

const BOX = /^\[([ xX])\](?:[ \t]+|$)/;

/**
 * Whether the list item opened at `tokens[at]` is a task, and whether it is ticked;
 * for a task the box is taken out of its text. Called for bullet list items only.
 */
export function takeTaskBox(tokens: Token[], at: number): { checked: boolean } | undefined {
  const inline = tokens[at + 2];
  if (tokens[at + 1]?.type !== "paragraph_open" || inline?.type !== "inline") return undefined;
  const children = inline.children ?? [];
  const first = children[0];
  const box = first?.type === "text" ? BOX.exec(first.content) : null;
  if (!first || !box) return undefined;
  const rest = first.content.slice(box[0].length);
  const next = children[1]?.type;
  // "[ ]" touching what follows ("[ ]*a*") is text, as in GFM; "[ ]" alone on its
  // line is an empty box, or one whose words start on the next line.
  const bare = box[0].length === "[ ]".length;
  if (bare && next !== undefined && next !== "softbreak") return undefined;
  first.content = rest;
  if (rest === "" && next === "softbreak") children.splice(1, 1);
  return { checked: box[1] !== " " };
}

export function isBlock(node: Node): node is Block {
  return !(node instanceof Y.XmlText || node instanceof Y.XmlElement);
}

function nameOf(node: Node): string {
  if (isBlock(node)) return node.name;
  return node instanceof Y.XmlElement ? node.nodeName : "";
}

/** A finished bullet list as the lists it becomes: runs of plain items and of task items. */
export function groupTaskItems(list: Block): Node[] {
  if (!list.children.some((item) => nameOf(item) === NODE.taskItem)) return [list];
  const out: Node[] = [];
  let open: Block | undefined;
  const into = (name: typeof NODE.bulletList | typeof NODE.taskList) => {
    if (open?.name !== name) {
      open = { name, attrs: {}, children: [] };
      out.push(open);
    }
    return open.children;
  };
  for (const item of list.children) {
    if (!isBlock(item) || item.name !== NODE.taskItem) {
      into(NODE.bulletList).push(item);
      continue;
    }
    const cut = item.children.findIndex((child) => nameOf(child) !== NODE.paragraph);
    const lifted = cut < 0 ? [] : item.children.splice(cut);
    into(NODE.taskList).push(item);
    for (const block of lifted) {
      if (isBlock(block) && block.name === NODE.taskList) {
        const items = into(NODE.taskList);
        for (const nested of block.children) items.push(nested);
      } else {
        out.push(block);
        open = undefined;
      }
    }
  }
  return out;
}
