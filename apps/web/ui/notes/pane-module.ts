"use client";
// The open note's pane, its editor with it (Tiptap, ProseMirror, the Yjs binding: most
// of the notes screen's code), loaded apart from the list: a reload shows the list
// without evaluating that code first (about 60 ms of the main thread at 10,000 notes,
// issue 35), and it loads right after. Once loaded it is held here, so every later
// render has it at once: React.lazy would suspend the first render of each new pane
// for a tick, and a title typed straight after "New note" would lose its focus there.
import { useEffect, useRef, useState } from "react";

export type PaneModule = typeof import("./note-pane");

/** The pane's code as a screen sees it: here, on its way, or not loaded (offline, uncached). */
export type PaneLoad =
  | { state: "loaded"; module: PaneModule }
  | { state: "loading" }
  | { state: "failed"; retry: () => void };

let loaded: PaneModule | undefined;
let loading: Promise<PaneModule> | undefined;
let failed = false;
const waiting = new Set<() => void>();

const tellWaiting = () => {
  for (const rerender of waiting) rerender();
};

/** Loads the pane's code once (again after a failure); every screen waiting re-renders. */
export function loadPane(): Promise<PaneModule> {
  if (!loading) {
    const wasFailed = failed;
    failed = false;
    loading = import("./note-pane").then(
      (module) => {
        loaded = module;
        tellWaiting();
        // The first note opened then finds the editor's code warm (warm-editor.ts).
        module.warmEditor();
        return module;
      },
      (error: unknown) => {
        loading = undefined; // asked again next time
        failed = true;
        tellWaiting();
        throw error;
      },
    );
    if (wasFailed) tellWaiting(); // the screens saying it failed say it is on its way
  }
  return loading;
}

const retry = () => void loadPane().catch(() => undefined);

function current(): PaneLoad {
  if (loaded) return { state: "loaded", module: loaded };
  return failed && !loading ? { state: "failed", retry } : { state: "loading" };
}

/**
 * The pane's code, read at each render (a render forced by flushSync has it as soon as
 * it is loaded); the screen renders again when it loads or fails. The load starts once
 * the screen is shown (an effect), not when this module is evaluated, which happens
 * while the vault opens.
 */
export function usePaneModule(): PaneLoad {
  const [, setSeen] = useState(0);
  const shown = current();
  const shownState = useRef(shown.state);
  shownState.current = shown.state;
  useEffect(() => {
    const rerender = () => setSeen((n) => n + 1);
    waiting.add(rerender);
    // Loaded or failed between the render and this effect: render again.
    if (current().state !== shownState.current) rerender();
    if (!loaded && !loading) retry();
    return () => void waiting.delete(rerender);
  }, []);
  return shown;
}
