"use client";
// The open note's pane, its editor with it (Tiptap, ProseMirror, the Yjs binding: most
// of the notes screen's code), loaded apart from the list: a reload shows the list
// without evaluating that code first (about 60 ms of the main thread at 10,000 notes,
// issue 35), and it loads right after. Once loaded it is held here, so every later
// render has it at once: React.lazy would suspend the first render of each new pane
// for a tick, and a title typed straight after "New note" would lose its focus there.
import { useEffect, useState } from "react";

export type PaneModule = typeof import("./note-pane");

let loaded: PaneModule | undefined;
let loading: Promise<PaneModule> | undefined;
const waiting = new Set<() => void>();

/** Loads the pane's code once (again after a failure); every screen waiting re-renders. */
export function loadPane(): Promise<PaneModule> {
  loading ??= import("./note-pane").then(
    (module) => {
      loaded = module;
      for (const rerender of waiting) rerender();
      return module;
    },
    (error: unknown) => {
      loading = undefined; // asked again next time
      throw error;
    },
  );
  return loading;
}

/**
 * The pane's module, read at each render (a render forced by flushSync has it as soon
 * as it is loaded): undefined until then, and the screen renders again once it is. The
 * load starts once the screen is shown (an effect), not when this module is evaluated,
 * which happens while the vault opens.
 */
export function usePaneModule(): PaneModule | undefined {
  const [, setLoaded] = useState(loaded);
  useEffect(() => {
    const rerender = () => setLoaded(loaded);
    waiting.add(rerender);
    if (!loaded) void loadPane().catch(() => undefined);
    return () => void waiting.delete(rerender);
  }, []);
  return loaded;
}
