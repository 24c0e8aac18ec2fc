// Typing in a long note (issue 38: a 2 MB note took 64 ms a key). Chromium's work per
// frame grows with the number of blocks in the editor, laid out or not: layout walks
// every child of the editor, `content-visibility: auto` observes every skipped block's
// intersection, pre-paint and hit testing visit each box. So a long note is shown in
// three bands around one centre block, the caret's while the person types:
// - the blocks within WINDOW_RADIUS are laid out as usual. Chromium puts a key typed
//   into a block it has not laid out (a line begun with Enter and typed at once) before
//   the caret, so the caret's block and its neighbours never skip;
// - those within RENDER_RADIUS skip layout and paint until scrolled to
//   (`content-visibility: auto`, sized by what they last rendered), still found by the
//   browser's find and read by a screen reader;
// - the rest are not rendered (`display: none`); the editor's `::before` and `::after`
//   stand in for their height, estimated from the rendered blocks' average. Scrolling
//   into that space moves the bands there (as CodeMirror's viewport does). The browser's
//   find and a screen reader reach RENDER_RADIUS blocks each way; the app's search, copy
//   and export read the document, and a printed note is printed whole.
// The bands are one constructed style sheet of `:nth-child` ranges, moved only when the
// centre nears an edge: no decoration (ProseMirror reads every top-level decoration for
// every top-level node on every update) and nothing written into the editor's DOM.
import { Extension } from "@tiptap/core";
import {
  type EditorState,
  Plugin,
  PluginKey,
  Selection,
  TextSelection,
  type Transaction,
} from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";

/** Notes with fewer top-level blocks are laid out whole. */
export const WINDOWED_FROM_BLOCKS = 400;
/** Blocks laid out on each side of the centre block. */
export const WINDOW_RADIUS = 60;
/** Blocks rendered (laid out or skipping) on each side of the centre block. */
export const RENDER_RADIUS = 300;
/** What a block that never rendered is taken to measure, in px (1.75em of 16 px). */
export const ESTIMATED_BLOCK_PX = 28;

/** The bands around the centre block `index` (0-based) of `count`: 1-based, for :nth-child. */
export interface Bands {
  /** The laid-out blocks. */
  first: number;
  last: number;
  /** The rendered blocks (the laid-out ones and the skipping ones). */
  shownFirst: number;
  shownLast: number;
  /** The blocks of the selection's head and anchor, always rendered (`renderedRanges`). */
  caret: number;
  anchor: number;
  count: number;
}

/** The selection's ends by top-level block (0-based), as `selectionBlocks` reads them. */
export interface SelectionBlocks {
  head: number;
  anchor: number;
}

export function windowAround(
  index: number,
  count: number,
  selection: SelectionBlocks = { head: index, anchor: index },
): Bands {
  const clamp = (i: number) => Math.min(Math.max(i, 0), Math.max(count - 1, 0)) + 1;
  const block = clamp(index);
  return {
    first: Math.max(1, block - WINDOW_RADIUS),
    last: block + WINDOW_RADIUS,
    shownFirst: Math.max(1, block - RENDER_RADIUS),
    shownLast: Math.min(count, block + RENDER_RADIUS),
    caret: clamp(selection.head),
    anchor: clamp(selection.anchor),
    count,
  };
}

/**
 * The blocks rendered, as sorted ranges [first, last]: the shown band, and the blocks
 * of the selection's two ends with their neighbours wherever the bands are. A DOM
 * selection in a block that is not rendered costs Chromium a walk through every block
 * not rendered, on every frame, to find a place it could draw the caret (seconds in a
 * long note, found by a journey that scrolls away from the caret).
 */
export function renderedRanges(bands: Bands): [number, number][] {
  const around = (block: number): [number, number] => [
    Math.max(1, block - 1),
    Math.min(bands.count, block + 1),
  ];
  const ranges: [number, number][] = [
    [bands.shownFirst, bands.shownLast],
    around(bands.caret),
    around(bands.anchor),
  ];
  ranges.sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function sameRanges(a: [number, number][], b: [number, number][]): boolean {
  return a.length === b.length && a.every((r, i) => r[0] === b[i]?.[0] && r[1] === b[i]?.[1]);
}

/** Whether block `block` (1-based) is rendered. */
export function isRendered(bands: Bands, block: number): boolean {
  return renderedRanges(bands).some(([start, end]) => block >= start && block <= end);
}

/** The rules of the bands, with `blockPx` the estimated height of a block not rendered. */
export function windowRule(scope: string, bands: Bands, blockPx: number): string {
  const skipping = [
    ...(bands.first > 1 ? [`${scope} > :nth-child(-n + ${bands.first - 1})`] : []),
    `${scope} > :nth-child(n + ${bands.last + 1})`,
  ];
  const rules = [
    `${skipping.join(", ")} { content-visibility: auto; contain-intrinsic-size: auto 1.75em; }`,
  ];
  const px = (blocks: number) => Math.round(blocks * blockPx);
  const ranges = renderedRanges(bands);
  const hidden: string[] = [];
  const spacers: string[] = [];
  const before = (ranges[0]?.[0] ?? 1) - 1;
  if (before > 0) {
    hidden.push(`${scope} > :nth-child(-n + ${before})`);
    spacers.push(`${scope}::before { content: ""; display: block; height: ${px(before)}px; }`);
  }
  for (let i = 0; i + 1 < ranges.length; i++) {
    const end = ranges[i]?.[1] ?? 0;
    const next = ranges[i + 1]?.[0] ?? 0;
    hidden.push(`${scope} > :nth-child(n + ${end + 1}):nth-child(-n + ${next - 1})`);
    // The gap between two rendered ranges: the margin under the first one's last block.
    spacers.push(`${scope} > :nth-child(${end}) { margin-bottom: ${px(next - 1 - end)}px; }`);
  }
  const end = ranges.at(-1)?.[1] ?? bands.count;
  if (end < bands.count) {
    hidden.push(`${scope} > :nth-child(n + ${end + 1})`);
    spacers.push(
      `${scope}::after { content: ""; display: block; height: ${px(bands.count - end)}px; }`,
    );
  }
  if (hidden.length > 0) rules.push(`${hidden.join(", ")} { display: none; }`, ...spacers);
  // On screen only: a printed note is printed whole.
  return `@media screen {\n${rules.join("\n")}\n}`;
}

/**
 * Moves the bands once the caret is within a third of the radius of a laid-out edge
 * that is not the note's own (near the note's start or end there is nothing to move to).
 */
export function needsMove(index: number, bands: Bands): boolean {
  const block = index + 1;
  const margin = Math.floor(WINDOW_RADIUS / 3);
  return (
    (bands.first > 1 && block - bands.first < margin) ||
    (bands.last < bands.count && bands.last - block < margin)
  );
}

/**
 * Keys that move the caret to an end of the note (Ctrl/⌘+Home/End, ⌘+↑/↓): the browser
 * would place it by the layout of blocks that are not rendered, so the editor moves it.
 */
export function jumpOf(
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey">,
): "start" | "end" | undefined {
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.key === "Home") return "start";
  if (mod && event.key === "End") return "end";
  if (event.metaKey && event.key === "ArrowUp") return "start";
  if (event.metaKey && event.key === "ArrowDown") return "end";
  return undefined;
}

/** Keys the browser answers by moving the caret a page: the bands centre on it first. */
export function movesAPage(event: Pick<KeyboardEvent, "key">): boolean {
  return event.key === "PageUp" || event.key === "PageDown";
}

/**
 * Which block (0-based) a viewport whose top is at `viewportTop` shows first, estimated
 * from the rendered bands' top and bottom edges (same coordinates) when it looks into
 * the space that stands in for blocks not rendered.
 */
export function blockAtEstimate(
  bands: Bands,
  edges: { top: number; bottom: number },
  blockPx: number,
  viewportTop: number,
): number {
  const index =
    viewportTop < edges.top
      ? bands.shownFirst - 1 - Math.ceil((edges.top - viewportTop) / blockPx)
      : bands.shownLast + Math.floor((viewportTop - edges.bottom) / blockPx);
  return Math.min(Math.max(index, 0), bands.count - 1);
}

let scopes = 0;

export const LayoutWindow = Extension.create({
  name: "layoutWindow",
  addProseMirrorPlugins() {
    // The editor's root carries its scope as a ProseMirror attribute (never in the document).
    const scope = `w${++scopes}`;
    const selector = `.ProseMirror[data-layout-window="${scope}"]`;
    const { editor } = this;
    let bands: LiveBands | undefined;
    return [
      new Plugin({
        key: new PluginKey("layoutWindow"),
        props: {
          attributes: { "data-layout-window": scope },
          handleKeyDown: (view, event) => {
            if (!bands) return false;
            const jump = jumpOf(event);
            if (jump) {
              bands.follow = true;
              return jumpTo(view, jump, event.shiftKey);
            }
            // The browser moves the caret a page by the layout: around it, first.
            if (movesAPage(event)) {
              bands.follow = true;
              bands.centreOnCaret();
            }
            return false;
          },
          handleDOMEvents: {
            mousedown: () => {
              if (bands) bands.follow = true;
              return false;
            },
          },
        },
        view(view) {
          if (typeof CSSStyleSheet === "undefined" || !("adoptedStyleSheets" in document)) {
            return {};
          }
          const live = new LiveBands(view, selector);
          bands = live;
          live.update();
          const onScroll = () => live.followScroll();
          document.addEventListener("scroll", onScroll, { capture: true, passive: true });
          // Before ProseMirror puts the DOM selection in the next state's place: Chromium
          // looks for a rendered place to draw a caret through every block that is not
          // rendered (2.8 s on Ctrl+End in a 2 MiB note). A change that scrolls to the
          // selection (typing, Enter, a command, a search hit) brings the bands back to
          // the caret; any other (a collaborator's edit, an upload finishing) leaves
          // them where the person is reading.
          const before = ({
            transaction,
            nextState,
          }: {
            transaction: Transaction;
            nextState: EditorState;
          }) => live.beforeChange(transaction, nextState);
          editor.on("beforeTransaction", before);
          return {
            update: () => live.update(),
            destroy() {
              editor.off("beforeTransaction", before);
              document.removeEventListener("scroll", onScroll, { capture: true });
              live.destroy();
              bands = undefined;
            },
          };
        },
      }),
    ];
  },
});

/** Ctrl/⌘+Home/End: the caret (or, with Shift, the selection's head) to an end. */
function jumpTo(view: EditorView, where: "start" | "end", extend: boolean): boolean {
  const { doc, selection } = view.state;
  const end = where === "start" ? Selection.atStart(doc) : Selection.atEnd(doc);
  const next = extend ? TextSelection.between(doc.resolve(selection.anchor), end.$head) : end;
  view.dispatch(view.state.tr.setSelection(next).scrollIntoView());
  return true;
}

/** The bands of one editor: its style sheet, centre and the estimated block height. */
class LiveBands {
  private readonly sheet = new CSSStyleSheet();
  private bands: Bands | undefined;
  /** The block the bands are centred on (0-based). */
  private centre = 0;
  /** Whether the bands follow the caret (the person typed or clicked) or the scroll. */
  follow = true;
  private blockPx = ESTIMATED_BLOCK_PX;
  private scrollQueued = false;
  private destroyed = false;

  constructor(
    private readonly view: EditorView,
    private readonly selector: string,
  ) {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, this.sheet];
  }

  destroy(): void {
    this.destroyed = true;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== this.sheet);
  }

  /** Centres the bands on the caret's block at once (before a key that moves it a page). */
  centreOnCaret(): void {
    if (this.windowed()) this.place(selectionBlocks(this.view.state).head, { measure: true });
  }

  /**
   * Before `transaction` makes `next` the editor's state: whether the bands follow the
   * caret from now on, the centre carried through a change made elsewhere, and the
   * selection's blocks rendered before the selection is put there.
   */
  beforeChange(transaction: Transaction, next: EditorState): void {
    const bands = this.bands;
    if (!bands || next.doc.childCount < WINDOWED_FROM_BLOCKS) return;
    if (transaction.scrolledIntoView) this.follow = true;
    if (!this.follow && transaction.docChanged) {
      // The block being read keeps its place when blocks are added or removed above it.
      const centre = this.mappedCentre(transaction, next);
      if (centre !== this.centre || next.doc.childCount !== bands.count) {
        this.place(centre, { measure: false, state: next });
        return;
      }
    }
    const selection = selectionBlocks(next);
    if (isRendered(bands, selection.head + 1) && isRendered(bands, selection.anchor + 1)) return;
    if (this.follow) this.place(selection.head, { measure: true, state: next });
    else this.place(this.centre, { measure: false, state: next });
  }

  /** The centre block carried through `transaction` (0-based, in `next`). */
  private mappedCentre(transaction: Transaction, next: EditorState): number {
    const before = this.view.state.doc;
    const centre = Math.min(this.centre, before.childCount - 1);
    let pos = 0;
    for (let i = 0; i < centre; i++) pos += before.child(i).nodeSize;
    const mapped = Math.min(transaction.mapping.map(pos), next.doc.content.size);
    return Math.min(next.doc.resolve(mapped).index(0), Math.max(next.doc.childCount - 1, 0));
  }

  /**
   * After any change: the bands follow the caret once it nears their edge (unless the
   * person scrolled away since), and the selection's blocks are rendered wherever they are.
   */
  update(): void {
    if (!this.windowed()) return;
    const selection = selectionBlocks(this.view.state);
    const bands = this.bands;
    if (!bands) {
      this.place(selection.head, { measure: true });
      return;
    }
    if (this.follow && needsMove(selection.head, bands)) {
      this.place(selection.head, { measure: true });
      return;
    }
    const count = this.view.state.doc.childCount;
    // The same centre over the new count and selection. The rules are rewritten only
    // when what is rendered changes, or the count does where the bands reach the note's
    // end; a new line inside the bands leaves the count to the next move.
    const next = windowAround(this.centre, count, selection);
    const endMoved =
      count !== bands.count && (bands.shownLast >= bands.count || next.shownLast >= count);
    if (endMoved || !sameRanges(renderedRanges(bands), renderedRanges(next)))
      this.place(this.centre, { measure: false });
  }

  /** After a scroll: when the viewport looks at blocks not rendered, they are rendered. */
  followScroll(): void {
    if (!this.bands || this.scrollQueued) return;
    this.scrollQueued = true;
    requestAnimationFrame(() => {
      this.scrollQueued = false;
      const bands = this.bands;
      if (this.destroyed || !bands || !this.windowed()) return;
      const first = this.view.dom.children[bands.shownFirst - 1];
      const last = this.view.dom.children[bands.shownLast - 1];
      if (!first || !last) return;
      const scroller = scrollerOf(this.view.dom);
      const viewport = viewportOf(scroller);
      const top = first.getBoundingClientRect().top;
      const bottom = last.getBoundingClientRect().bottom;
      const lookingAbove = bands.shownFirst > 1 && viewport.top < top;
      const lookingBelow = bands.shownLast < bands.count && viewport.bottom > bottom;
      if (!lookingAbove && !lookingBelow) return;
      // The block at the viewport's top: the one there when rendered, else the estimate.
      const shown = viewport.top >= top && viewport.top < bottom;
      const index = shown
        ? this.renderedBlockAt(viewport.top, bands)
        : blockAtEstimate(bands, { top, bottom }, this.blockPx, viewport.top);
      const offset = shown
        ? (this.view.dom.children[index]?.getBoundingClientRect().top ?? viewport.top) -
          viewport.top
        : 0;
      this.follow = false;
      this.place(index, { measure: true });
      // That block where the person was looking, as far as it can be.
      const block = this.view.dom.children[index];
      if (block) {
        const moved = block.getBoundingClientRect().top - viewport.top - offset;
        scroller.scrollBy({ top: moved, behavior: "instant" });
      }
    });
  }

  private windowed(): boolean {
    if (this.view.state.doc.childCount >= WINDOWED_FROM_BLOCKS) return true;
    if (this.bands) this.sheet.replaceSync("");
    this.bands = undefined;
    return false;
  }

  /**
   * Centres the bands on block `index` (0-based) of `state` (the view's unless said).
   * `measure`: the rendered blocks' average height is taken again first (a real move;
   * not for a new line, where an image leaving the band would shift every spacer).
   */
  private place(index: number, options: { measure: boolean; state?: EditorState }): void {
    const state = options.state ?? this.view.state;
    if (options.measure) this.measure();
    this.centre = index;
    this.bands = windowAround(index, state.doc.childCount, selectionBlocks(state));
    this.sheet.replaceSync(windowRule(this.selector, this.bands, this.blockPx));
  }

  /** The average height of the rendered blocks, for those that are not. */
  private measure(): void {
    const bands = this.bands;
    if (!bands) return;
    const first = this.view.dom.children[bands.shownFirst - 1];
    const last = this.view.dom.children[Math.min(bands.shownLast, bands.count) - 1];
    if (!first || !last) return;
    const height = last.getBoundingClientRect().bottom - first.getBoundingClientRect().top;
    const blocks = bands.shownLast - bands.shownFirst + 1;
    if (height > 0 && blocks > 0) this.blockPx = height / blocks;
  }

  /** The rendered block whose box holds `y` (binary search over the rendered band). */
  private renderedBlockAt(y: number, bands: Bands): number {
    let low = bands.shownFirst - 1;
    let high = bands.shownLast - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      const top = this.view.dom.children[mid]?.getBoundingClientRect().top ?? y;
      if (top <= y) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}

/**
 * The top-level blocks (0-based) of the selection's head and anchor; a selection past
 * the last block (all selected, a node selection of the last block, a gap cursor at
 * the end) counts as in the last block.
 */
function selectionBlocks(state: EditorState): SelectionBlocks {
  const last = Math.max(state.doc.childCount - 1, 0);
  const block = (pos: number) => Math.min(state.doc.resolve(pos).index(0), last);
  return { head: block(state.selection.head), anchor: block(state.selection.anchor) };
}

/** The element that scrolls the editor: its nearest scrolling ancestor, or the page. */
function scrollerOf(element: Element): Element {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at);
    if ((overflowY === "auto" || overflowY === "scroll") && at.scrollHeight > at.clientHeight)
      return at;
  }
  return document.scrollingElement ?? document.documentElement;
}

/** The visible part of `scroller` (from `scrollerOf`), in viewport coordinates. */
function viewportOf(scroller: Element): { top: number; bottom: number } {
  if (scroller === document.scrollingElement || scroller === document.documentElement) {
    return { top: 0, bottom: window.innerHeight };
  }
  const rect = scroller.getBoundingClientRect();
  return { top: Math.max(rect.top, 0), bottom: Math.min(rect.bottom, window.innerHeight) };
}
