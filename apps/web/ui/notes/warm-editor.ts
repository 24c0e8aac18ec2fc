// The first note a page opens built the editor cold: Tiptap's extensions and schema,
// ProseMirror's view and the Yjs binding ran for the first time, their code compiled
// as it ran (issue 35: at 10,000 notes the first open took 86–174 ms, the next ones
// 35–73; BENCHMARKS.md, "The editor built ahead of the first note"). So once the
// pane's code is loaded, the page builds one editor ahead of time, in idle time, on a
// scratch document that holds nothing of the person's, and destroys it: the first
// note then runs code that is compiled and warm.
//
// Two steps, each its own idle callback, so neither is one long task (36–43 ms each
// here at 10,000 notes; inside a 100,000-note sync a collection can land in one): the
// editor (extensions, schema, state), then its view mounted in a hidden element, a few
// blocks typed and the editor destroyed, all within that one task, so no other script
// or test ever sees a second editor in the page. Skipped when a note's editor is
// already on the page: it warmed the same code.
import { Editor } from "@tiptap/core";
import * as Y from "yjs";
import { editorExtensions } from "./editor-extensions";
import { inIdleTime } from "./idle-time";

/**
 * Runs `step` in an idle period with at least IDLE_MS left of it: during a long first
 * sync the page is busy, and a step run there would be one more long task.
 */
const idle = (step: () => void) => inIdleTime(step, IDLE_MS);

/** Idle time a step waits for, in ms: each took 27–43 ms on this machine. */
const IDLE_MS = 40;

/** What a first note typically holds: the blocks and marks most notes use. */
const WARM_CONTENT =
  "<h2>Warm</h2><p>Some <strong>bold</strong> and <em>slanted</em> text.</p>" +
  "<ul><li><p>one</p></li></ul><ul data-type='taskList'><li data-type='taskItem'><p>two</p></li></ul>";

let warmed = false;

/** Whether a note's editor is on the page (the pane's; the warm one never is between tasks). */
const noteEditorShown = () => document.querySelector(".ProseMirror") !== null;

/**
 * Builds and destroys one editor in two idle steps, once per page. The page's timeline
 * shows each step's time (`editor:warm build`, `editor:warm view`) and marks
 * `editor:warm` once done.
 */
export function warmEditor(): void {
  if (warmed) return;
  warmed = true;
  idle(() => {
    if (noteEditorShown()) return;
    const built = performance.now();
    const doc = new Y.Doc();
    let editor: Editor;
    try {
      editor = new Editor({
        extensions: editorExtensions({
          doc,
          noteId: crypto.randomUUID(),
          readOnly: false,
          titleOf: () => undefined,
          onOpen: () => undefined,
        }),
      });
    } catch {
      doc.destroy();
      return;
    }
    performance.measure("editor:warm build", { start: built });
    idle(() => {
      const shown = performance.now();
      const host = document.createElement("div");
      host.className = "rich-text";
      host.setAttribute("aria-hidden", "true");
      host.inert = true;
      host.style.cssText =
        "position:fixed;left:-10000px;top:0;width:40rem;visibility:hidden;contain:strict";
      try {
        if (!noteEditorShown()) {
          document.body.append(host);
          editor.mount(host);
          editor.commands.setContent(WARM_CONTENT);
          // A key typed at the end, as a person does (the page's focus is left alone).
          editor.commands.setTextSelection(editor.state.doc.content.size - 1);
          editor.commands.insertContent("typed");
          performance.measure("editor:warm view", { start: shown });
          performance.mark("editor:warm");
        }
      } catch {
        // Warming is best effort: the note's own editor is built as before.
      } finally {
        editor.destroy();
        host.remove();
        doc.destroy();
      }
    });
  });
}
