// Whether a mark or a block applies at the caret: what Tiptap's `isActive` answers, in
// the caret's own depth rather than a walk of the note. `isActive` finds the nodes at
// the selection with `doc.nodesBetween`, which adds up every top-level block before it;
// the toolbar asks it 13 times a keystroke (20,000 blocks each, at the end of a 2 MiB
// note). For a caret the nodes it finds are the caret's ancestors and the marks those
// stored or at the caret, so both are read off the resolved caret. A range selection is
// rare while typing and goes to `isActive` unchanged.
import { isActive, objectIncludes } from "@tiptap/core";
import type { EditorState } from "@tiptap/pm/state";

export function isActiveAt(
  state: EditorState,
  name: string,
  attributes: Record<string, unknown> = {},
): boolean {
  const { selection } = state;
  if (!selection.empty) return isActive(state, name, attributes);
  const $caret = selection.$from;
  if (state.schema.nodes[name]) {
    for (let depth = $caret.depth; depth > 0; depth--) {
      const node = $caret.node(depth);
      if (node.type.name === name && objectIncludes(node.attrs, attributes, { strict: false }))
        return true;
    }
    return false;
  }
  if (state.schema.marks[name])
    return (state.storedMarks ?? $caret.marks()).some(
      (mark) =>
        mark.type.name === name && objectIncludes(mark.attrs, attributes, { strict: false }),
    );
  return isActive(state, name, attributes);
}
