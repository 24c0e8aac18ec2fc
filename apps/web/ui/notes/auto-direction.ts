// Right-to-left text (issue 38): every block of a note (paragraph, heading, list and
// list item, checklist item, quote, table cell) is laid out in the direction of its
// own first strong letter, so a Hebrew or Arabic paragraph reads right to left with
// its bullets and punctuation on the right, and an English one beside it stays left
// to right. A text block renders with `dir="auto"` (TEXT_BLOCK_DIRECTION, given to the
// paragraph and heading nodes' HTML attributes); a block holding blocks (a list, its
// items, a quote, a cell) gets the direction its text starts in, worked out here as a
// node decoration, because `dir="auto"` skips every descendant that has a `dir` of its
// own: on a list item whose paragraph carries one it found no letter and read left to
// right, bullets on the left of a Hebrew list. Neither enters the shared document: the
// direction is the reader's business (contract §9 readers would otherwise keep a `dir`
// they do not understand).
// Text blocks are not decorated: ProseMirror reads a top-level node decoration for
// every top-level node on every update (DecorationSet.forChild scans them all), so one
// per paragraph made typing in a 2 MB note quadratic (issue 38: 64 ms a key). The
// decorations are kept incrementally too: a change re-decorates only the top-level
// blocks it touched.
import { Extension } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { firstStrongDirection } from "./first-strong-direction";

export const DIRECTED_NODES = new Set([
  "paragraph",
  "heading",
  "blockquote",
  "bulletList",
  "orderedList",
  "listItem",
  "taskList",
  "taskItem",
  "tableCell",
  "tableHeader",
]);

/** For the text blocks' `HTMLAttributes`: the browser reads their first strong letter. */
export const TEXT_BLOCK_DIRECTION = { HTMLAttributes: { dir: "auto" } } as const;

/** A container's direction: its text's first strong letter's. */
export function directionOf(node: PmNode): "auto" | "rtl" | "ltr" {
  return firstStrongDirection(node.textContent) ?? "auto";
}

/** Node decorations for the directed containers wholly inside [from, to]. */
export function directionDecorations(doc: PmNode, from: number, to: number): Decoration[] {
  const out: Decoration[] = [];
  doc.nodesBetween(from, to, (node, pos) => {
    const end = pos + node.nodeSize;
    if (DIRECTED_NODES.has(node.type.name) && !node.isTextblock && pos >= from && end <= to)
      out.push(Decoration.node(pos, end, { dir: directionOf(node) }));
    // Inline content holds no blocks.
    return !node.isTextblock;
  });
  return out;
}

/** The ranges of the new document a transaction changed, widened to top-level blocks. */
export function touchedBlocks(tr: Transaction): Array<[number, number]> {
  const maps = tr.mapping.maps;
  const ranges: Array<[number, number]> = [];
  maps.forEach((map, index) => {
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      const rest = tr.mapping.slice(index + 1);
      ranges.push([rest.map(newStart, -1), rest.map(newEnd, 1)]);
    });
  });
  const size = tr.doc.content.size;
  return ranges.map(([start, end]) => {
    const from = tr.doc.resolve(Math.max(0, Math.min(start, size)));
    const to = tr.doc.resolve(Math.max(0, Math.min(end, size)));
    return [from.depth > 0 ? from.before(1) : from.pos, to.depth > 0 ? to.after(1) : to.pos];
  });
}

const key = new PluginKey<DecorationSet>("autoDirection");

export function autoDirectionPlugin(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key,
    state: {
      init: (_, state) =>
        DecorationSet.create(state.doc, directionDecorations(state.doc, 0, state.doc.content.size)),
      apply(tr, set) {
        if (!tr.docChanged) return set;
        let next = set.map(tr.mapping, tr.doc);
        for (const [from, to] of touchedBlocks(tr)) {
          const stale = next.find(from, to).filter((d) => d.from >= from && d.to <= to);
          next = next.remove(stale).add(tr.doc, directionDecorations(tr.doc, from, to));
        }
        return next;
      },
    },
    props: {
      decorations: (state) => key.getState(state),
    },
  });
}

export const AutoDirection = Extension.create({
  name: "autoDirection",
  addProseMirrorPlugins: () => [autoDirectionPlugin()],
});
