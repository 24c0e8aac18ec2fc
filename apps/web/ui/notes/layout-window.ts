// Typing in a long note (issue 38: a 2 MB note took 64 ms a key): Chromium lays the
// whole editor out on every key, so the blocks of a long note far from the caret skip
// layout and paint (`content-visibility: auto`, sized by what they last rendered).
// Which blocks skip is said by one constructed style sheet of `:nth-child` ranges,
// moved only when the caret leaves the middle of its window: no decoration (ProseMirror
// reads every top-level decoration for every top-level node on every update, which is
// what made the last attempt slower than none) and nothing written into the editor's
// DOM. The blocks around the caret are always laid out: Chromium puts a key typed into
// a block it has not laid out yet (a line begun with Enter and typed at once) before
// the caret, so a new block must never be one that skips.
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";

/** Notes with fewer top-level blocks are laid out whole. */
export const WINDOWED_FROM_BLOCKS = 400;
/** Blocks laid out on each side of the caret's block. */
export const WINDOW_RADIUS = 60;

/** The window [first, last] (1-based, for :nth-child) around the caret's block `index`. */
export function windowAround(index: number): { first: number; last: number } {
  return { first: Math.max(1, index + 1 - WINDOW_RADIUS), last: index + 1 + WINDOW_RADIUS };
}

/** The rule that lets every top-level block outside `window` skip layout. */
export function windowRule(scope: string, window: { first: number; last: number }): string {
  const outside = [
    ...(window.first > 1 ? [`${scope} > :nth-child(-n + ${window.first - 1})`] : []),
    `${scope} > :nth-child(n + ${window.last + 1})`,
  ];
  return `${outside.join(", ")} { content-visibility: auto; contain-intrinsic-size: auto 1.75em; }`;
}

/**
 * Keys the browser answers by moving the caret far (the document's ends, a page): it
 * places the caret by the layout of the block it lands in, and one that skipped layout
 * takes the caret at its start (found by typing.spec.ts: Ctrl+End then Enter split the
 * last line at its start). For these the whole note is laid out first, once.
 */
export function movesFar(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey">): boolean {
  if (event.key === "PageUp" || event.key === "PageDown") return true;
  if ((event.ctrlKey || event.metaKey) && (event.key === "Home" || event.key === "End"))
    return true;
  return event.metaKey && (event.key === "ArrowUp" || event.key === "ArrowDown");
}

/** Moves the window once the caret is within a third of the radius of its edge. */
export function needsMove(index: number, window: { first: number; last: number }): boolean {
  const block = index + 1;
  const margin = Math.floor(WINDOW_RADIUS / 3);
  return block - window.first < margin || window.last - block < margin;
}

let scopes = 0;

export const LayoutWindow = Extension.create({
  name: "layoutWindow",
  addProseMirrorPlugins() {
    // The editor's root carries its scope as a ProseMirror attribute (never in the document).
    const scope = `w${++scopes}`;
    const selector = `.ProseMirror[data-layout-window="${scope}"]`;
    let farMove = () => {};
    return [
      new Plugin({
        key: new PluginKey("layoutWindow"),
        props: {
          attributes: { "data-layout-window": scope },
          handleKeyDown: (_view, event) => {
            if (movesFar(event)) farMove();
            return false;
          },
        },
        view(view) {
          if (typeof CSSStyleSheet === "undefined" || !("adoptedStyleSheets" in document)) {
            return {};
          }
          const sheet = new CSSStyleSheet();
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
          let window: { first: number; last: number } | undefined;
          const place = () => {
            const { doc, selection } = view.state;
            if (doc.childCount < WINDOWED_FROM_BLOCKS) {
              if (window) sheet.replaceSync("");
              window = undefined;
              return;
            }
            const index = doc.resolve(selection.head).index(0);
            if (window && !needsMove(index, window)) return;
            window = windowAround(index);
            sheet.replaceSync(windowRule(selector, window));
          };
          place();
          farMove = () => {
            // All laid out for the browser's move; the next update windows the new caret.
            if (window) sheet.replaceSync("");
            window = undefined;
          };
          return {
            update: place,
            destroy() {
              document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
            },
          };
        },
      }),
    ];
  },
});
