// The Markdown shortcut for a table: a line like "| Day | Plan |" followed by Enter
// becomes a table with those headers and one empty row, the caret in its first cell,
// as "# " becomes a heading. Only in a top-level paragraph (not in a list or a cell)
// and only when the line has at least one cell between pipes.
import { Extension } from "@tiptap/core";
import { TextSelection } from "@tiptap/pm/state";

/** The header cells of a typed table line, or undefined when it is not one. */
export function tableHeaders(line: string): string[] | undefined {
  const match = /^\s*\|(.*)\|\s*$/.exec(line);
  if (!match?.[1]) return undefined;
  const cells = match[1].split("|").map((cell) => cell.trim());
  return cells.length > 0 && cells.some((cell) => cell !== "") ? cells : undefined;
}

export const TableShortcut = Extension.create({
  name: "tableShortcut",
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) => {
        const { state, view } = editor;
        const { $from, empty } = state.selection;
        const block = $from.parent;
        if (!empty || block.type.name !== "paragraph" || $from.depth !== 1) return false;
        if ($from.parentOffset !== block.content.size) return false;
        const headers = tableHeaders(block.textContent);
        const { paragraph, table, tableRow, tableHeader, tableCell } = state.schema.nodes;
        if (!headers || !paragraph || !table || !tableRow || !tableHeader || !tableCell)
          return false;
        const text = (value: string) =>
          paragraph.create(null, value ? state.schema.text(value) : undefined);
        const head = tableRow.create(
          null,
          headers.map((value) => tableHeader.create(null, text(value))),
        );
        const body = tableRow.create(
          null,
          headers.map(() => tableCell.create(null, text(""))),
        );
        const start = $from.before();
        const tr = state.tr.replaceWith(start, $from.after(), table.create(null, [head, body]));
        // Into the first cell of the body row: past the table's, the row's, the cell's and
        // the paragraph's openings.
        tr.setSelection(TextSelection.near(tr.doc.resolve(start + 1 + head.nodeSize + 3)));
        view.dispatch(tr.scrollIntoView());
        return true;
      },
    };
  },
});
