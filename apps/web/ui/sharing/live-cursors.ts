// Other people's cursors and selections in the editor, named and coloured, from the
// live room's Yjs awareness (y-tiptap's cursor plugin, the same binding family as
// the Collaboration extension). This browser's own cursor goes into the awareness
// while the editor has focus; the LiveRoom sends it to the others.
import { Extension } from "@tiptap/core";
import { yCursorPlugin } from "@tiptap/y-tiptap";
import type { Awareness } from "y-protocols/awareness";

export interface LiveCursorsOptions {
  awareness: Awareness | undefined;
}

/** The caret line and a label with the person's name, in their colour. */
export function buildCursor(user: { name?: unknown; color?: unknown }): HTMLElement {
  const name = typeof user.name === "string" ? user.name : "Someone";
  const color = typeof user.color === "string" ? user.color : "#1d4ed8";
  const cursor = document.createElement("span");
  cursor.className = "live-cursor";
  cursor.style.borderColor = color;
  const label = document.createElement("span");
  label.className = "live-cursor-label";
  label.style.backgroundColor = color;
  label.textContent = name;
  cursor.append(label);
  return cursor;
}

export const LiveCursors = Extension.create<LiveCursorsOptions>({
  name: "liveCursors",
  addOptions: () => ({ awareness: undefined }),
  addProseMirrorPlugins() {
    const { awareness } = this.options;
    return awareness ? [yCursorPlugin(awareness, { cursorBuilder: buildCursor })] : [];
  },
});
