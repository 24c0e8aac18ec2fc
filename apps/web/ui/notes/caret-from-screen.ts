// Keys act where the caret is on screen. ProseMirror learns that the browser moved the
// caret (a click, End, an arrow key) from the `selectionchange` event, which Chrome
// delivers as an ordinary task, while input events jump the queue. On a busy page a
// key pressed right after a click reached the editor's Enter command while the editor
// still held its old selection (the document's start, in a note just opened): the new
// line split the first paragraph and the rest of it landed at the top of the note.
//
// So before a key, paste or cut is handled, and when a click or key is released, the
// editor reads the browser's selection now, exactly as if `selectionchange` had
// arrived: ProseMirror's own DOM observer does the reading (node selections, widgets
// and the focus heuristics stay its business).
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";

/** ProseMirror's observer of the editable DOM (not in its typings, stable since 1.0). */
interface DomObserver {
  flush(): void;
}

/** Brings the editor's selection level with the browser's, if the browser moved it. */
export function readCaretFromScreen(view: EditorView): void {
  const observer = (view as unknown as { domObserver?: Partial<DomObserver> }).domObserver;
  if (typeof observer?.flush === "function") observer.flush();
}

/** During IME composition the browser owns the text; ProseMirror reads it afterwards. */
function composing(event: Event): boolean {
  return event instanceof KeyboardEvent && (event.isComposing || event.keyCode === 229);
}

export const CaretFromScreen = Extension.create({
  name: "caretFromScreen",
  addProseMirrorPlugins() {
    const read = (view: EditorView, event: Event): boolean => {
      if (!composing(event)) readCaretFromScreen(view);
      // Never handled here: the editor's own handlers run next, on the fresh selection.
      return false;
    };
    return [
      new Plugin({
        key: new PluginKey("caretFromScreen"),
        props: {
          handleDOMEvents: {
            keydown: read,
            keyup: read,
            mouseup: read,
            paste: read,
            cut: read,
          },
        },
      }),
    ];
  },
});
