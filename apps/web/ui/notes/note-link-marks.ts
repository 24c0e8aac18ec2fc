// How links between notes look and act in the editor (issue 38; vault/note-links.ts
// says what a note link is). Each run of text carrying a note link is decorated: it
// opens the note on a click, shows the note's *current* title (the text stored is the
// title when the link was made: a rename elsewhere shows here at once, and nothing is
// rewritten, so two editors of a shared note never both "fix" the same link), and a
// link to a note this reader cannot open (deleted, or not shared with them) says so.
// Decorations are kept per top-level block, as auto-direction.ts keeps its own.
import { Extension } from "@tiptap/core";
import type { Mark, Node as PmNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { noteIdOfHref } from "../../vault/note-links";
import { touchedBlocks } from "./auto-direction";

/** A note's current title; undefined when this reader cannot open it. */
export type TitleOf = (id: string) => string | undefined;

export const UNREADABLE_TEXT =
  "You cannot open this note: it was deleted, or it is not shared with you.";

interface LinkRun {
  id: string;
  from: number;
  to: number;
  text: string;
  /** The marks of its first text (the link among them). */
  marks: readonly Mark[];
}

/** Runs of text inside [from, to] that carry one note link, in order. */
export function noteLinkRuns(doc: PmNode, from: number, to: number): LinkRun[] {
  const runs: LinkRun[] = [];
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isText) return true;
    const href = node.marks.find((m) => m.type.name === "link")?.attrs.href;
    const id = noteIdOfHref(href);
    if (!id) return false;
    const last = runs.at(-1);
    if (last && last.id === id && last.to === pos) {
      last.to = pos + node.nodeSize;
      last.text += node.text ?? "";
    } else
      runs.push({
        id,
        from: pos,
        to: pos + node.nodeSize,
        text: node.text ?? "",
        marks: node.marks,
      });
    return false;
  });
  return runs;
}

export function linkDecorations(doc: PmNode, from: number, to: number, titleOf: TitleOf) {
  const out: Decoration[] = [];
  for (const run of noteLinkRuns(doc, from, to)) {
    const title = titleOf(run.id);
    if (title === undefined) {
      out.push(
        Decoration.inline(run.from, run.to, {
          "data-note-link": "unreadable",
          title: UNREADABLE_TEXT,
        }),
        Decoration.widget(run.to, unreadableNote, { side: 1, key: "unreadable" }),
      );
      continue;
    }
    const shown = title || "Untitled";
    if (shown === run.text) {
      out.push(
        Decoration.inline(run.from, run.to, { "data-note-link": run.id, title: `Open “${shown}”` }),
      );
      continue;
    }
    // Renamed since: the current title in front, the stored text folded away. The title
    // is drawn inside the link's own element (its marks), so the link is named by it; a
    // link whose only text is hidden would have no name for a screen reader.
    out.push(
      Decoration.widget(run.from, () => titleChip(run.id, shown), {
        side: -1,
        marks: run.marks,
        key: `${run.id}:${shown}`,
      }),
      Decoration.inline(run.from, run.to, { class: "note-link-old", "aria-hidden": "true" }),
    );
  }
  return out;
}

/** Said after a link the reader cannot follow, on screen and to a screen reader. */
function unreadableNote(): HTMLElement {
  const note = document.createElement("span");
  note.className = "note-link-unreadable";
  note.textContent = " (you cannot open this note)";
  return note;
}

function titleChip(id: string, title: string): HTMLElement {
  const chip = document.createElement("span");
  chip.dataset.noteLink = id;
  chip.className = "note-link-title";
  chip.title = `Open “${title}”`;
  chip.textContent = title;
  return chip;
}

const key = new PluginKey<DecorationSet>("noteLinkMarks");
/** Meta on a transaction: the titles changed, decorate everything again. */
export const TITLES_CHANGED = "noteLinkTitles";

export interface NoteLinkOptions {
  titleOf: TitleOf;
  onOpen(id: string): void;
}

const noteLinkAt = (event: Event) => {
  const target = event.target instanceof Element ? event.target : null;
  return target?.closest<HTMLElement>("[data-note-link]")?.dataset.noteLink;
};

export const NoteLinkMarks = Extension.create<NoteLinkOptions>({
  name: "noteLinkMarks",
  // Before the Link extension's own click handler, which would open the address in a
  // new tab.
  priority: 1100,
  addOptions: () => ({ titleOf: () => undefined, onOpen: () => undefined }),
  addProseMirrorPlugins() {
    const { options } = this;
    const all = (doc: PmNode) =>
      DecorationSet.create(doc, linkDecorations(doc, 0, doc.content.size, options.titleOf));
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_, state) => all(state.doc),
          apply(tr, set) {
            if (tr.getMeta(TITLES_CHANGED)) return all(tr.doc);
            if (!tr.docChanged) return set;
            let next = set.map(tr.mapping, tr.doc);
            for (const [from, to] of touchedBlocks(tr)) {
              const stale = next.find(from, to).filter((d) => d.from >= from && d.to <= to);
              next = next
                .remove(stale)
                .add(tr.doc, linkDecorations(tr.doc, from, to, options.titleOf));
            }
            return next;
          },
        },
        props: {
          decorations: (state) => key.getState(state),
          // Taken here so the Link extension does not open a tab; the click opens it.
          handleClick: (_view, _pos, event) => noteLinkAt(event) !== undefined,
          handleDOMEvents: {
            // A click on a note link opens the note here; one the reader cannot open
            // does nothing (its tooltip says why). Other links are left as they were.
            click(_view, event) {
              const id = noteLinkAt(event);
              if (!id) return false;
              event.preventDefault();
              if (id !== "unreadable") options.onOpen(id);
              return true;
            },
          },
        },
      }),
    ];
  },
});
