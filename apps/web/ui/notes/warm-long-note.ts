// The first key typed into a long note took 46–50 ms in a 2 MiB note (20,000 top-level
// blocks), the later ones 8–23 (issue 38; BENCHMARKS.md, "Where the first key after a
// jump goes"): every key runs passes over every top-level block (ProseMirror matching
// the new document's children to the view's, the Yjs binding comparing them to the
// fragment's, plugins comparing the old and new documents), and the first key ran them
// before V8 had compiled them for that many. So once a long note's editor is up, a few
// idle tasks each apply a change that leaves the document as it was (an empty
// paragraph put before the first block and taken out again) through the editor, as a
// key's change goes: the same passes run over the same blocks, and the first key the
// person types runs them compiled.
//
// Nothing changes: the change is applied to a copy of the state first and dispatched
// only when the document it leaves equals the one shown (a plugin that appends its own
// change, as the trailing paragraph after a table does, makes it differ: then nothing
// is dispatched). An equal document gives the Yjs binding nothing to write, so no edit
// is sealed or sent, and the selection maps back to where it was.
import { Extension } from "@tiptap/core";
import { type EditorState, Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { inIdleTime } from "./idle-time";

/** Notes with fewer top-level blocks are not warmed: their first key is already quick. */
export const WARM_FROM_BLOCKS = 2_000;
/** Changes applied, each in its own idle task. */
export const WARM_PASSES = 3;
/** Idle time a pass waits for, in ms (each took 3–17 ms in a 2 MiB note here). */
const IDLE_MS = 20;
/**
 * How long a pass waits for that much idle time, in ms: a page that paints every frame
 * (an animation) never has it, and a pass is short enough to run in a frame's time.
 */
const IDLE_WAIT_MS = 2_000;

/**
 * A change to `state` that leaves its document as it was, and the state after it;
 * undefined when none can be made (no paragraph in the schema) or the state after it
 * would hold another document.
 */
export function unchangingChange(
  state: EditorState,
): { transaction: Transaction; next: EditorState } | undefined {
  const paragraph = state.schema.nodes.paragraph?.createAndFill();
  if (!paragraph) return undefined;
  // Not marked `addToHistory: false`: the Yjs binding would then close the undo group
  // being typed, and an equal document gives the undo manager nothing to record anyway.
  const transaction = state.tr.insert(0, paragraph).delete(0, paragraph.nodeSize);
  // A change to the document drops the marks the next letter would take (Ctrl+B before
  // typing): they are kept.
  if (state.storedMarks) transaction.setStoredMarks(state.storedMarks);
  const next = state.apply(transaction);
  return next.doc.eq(state.doc) ? { transaction, next } : undefined;
}

/** Runs `step` in an idle period with IDLE_MS left, or after IDLE_WAIT_MS at most. */
const whenIdle = (step: () => void) => inIdleTime(step, IDLE_MS, IDLE_WAIT_MS);

/** The passes over a long note's editor, each in an idle period; stops when the editor goes. */
function warm(view: EditorView, passes: number, stopped: () => boolean): void {
  if (passes <= 0 || stopped()) return;
  whenIdle(() => {
    if (stopped() || !view.editable || view.state.doc.childCount < WARM_FROM_BLOCKS) return;
    // Never inside a composition (an input method's word not yet committed): later.
    if (view.composing) {
      warm(view, passes, stopped);
      return;
    }
    const change = unchangingChange(view.state);
    if (!change) return;
    const started = performance.now();
    view.dispatch(change.transaction);
    performance.measure("editor:warm long note", { start: started });
    if (passes === 1) performance.mark("editor:warm-long");
    warm(view, passes - 1, stopped);
  });
}

export const WarmLongNote = Extension.create({
  name: "warmLongNote",
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey("warmLongNote"),
        view(view) {
          let destroyed = false;
          let warming = false;
          // Once per editor, when its note is long: the Yjs binding puts the note's blocks
          // in after the view is made, and a note may grow long while open (a paste).
          const update = () => {
            if (warming || !view.editable || view.state.doc.childCount < WARM_FROM_BLOCKS) return;
            warming = true;
            warm(view, WARM_PASSES, () => destroyed);
          };
          update();
          return {
            update,
            destroy() {
              destroyed = true;
            },
          };
        },
      }),
    ];
  },
});
