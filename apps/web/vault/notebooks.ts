// Notebooks and the list's filter (issue 38). A note's notebook is a path of names in
// its sealed metadata (`notebook`, docs/client-crypto.md "Metadata members"); the tree
// is made from the paths the notes hold, so a notebook exists while a note is in it.
// Counts include the notebooks nested inside. Pure, so the sidebar stays a thin view.
import type { NoteListItem } from "./vault-state";

export interface NotebookNode {
  name: string;
  path: string[];
  /** Notes in this notebook and every one nested in it. */
  count: number;
  children: NotebookNode[];
}

export type ListFilter =
  | { kind: "all" }
  | { kind: "notebook"; path: readonly string[] }
  | { kind: "tag"; tag: string };

export const ALL_NOTES: ListFilter = { kind: "all" };

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

/** The notebooks of the notes not in the trash, nested, each level by name. */
export function notebookTree(notes: Iterable<NoteListItem>): NotebookNode[] {
  const paths: [readonly string[], number][] = [];
  for (const note of notes)
    if (note.trashedAt === undefined && note.notebook) paths.push([note.notebook, 1]);
  return treeOfPaths(paths);
}

/** The tree of notebook paths, each given with how many notes are in it (not nested). */
export function treeOfPaths(paths: Iterable<readonly [readonly string[], number]>): NotebookNode[] {
  const root: NotebookNode = { name: "", path: [], count: 0, children: [] };
  for (const [path, count] of paths) {
    if (count <= 0) continue;
    let node = root;
    for (const name of path) {
      let child = node.children.find((c) => c.name === name);
      if (!child) {
        child = { name, path: [...node.path, name], count: 0, children: [] };
        node.children.push(child);
      }
      child.count += count;
      node = child;
    }
  }
  const sort = (nodes: NotebookNode[]) => {
    nodes.sort((a, b) => collator.compare(a.name, b.name));
    for (const n of nodes) sort(n.children);
  };
  sort(root.children);
  return root.children;
}

/** Every notebook's path, depth first, for a "move to" list. */
export function notebookPaths(tree: readonly NotebookNode[]): string[][] {
  return tree.flatMap((node) => [node.path, ...notebookPaths(node.children)]);
}

/** Each tag of the notes not in the trash, with how many notes carry it, by name. */
export function tagCounts(notes: Iterable<NoteListItem>): Array<{ tag: string; count: number }> {
  const counts = new Map<string, number>();
  for (const note of notes) {
    if (note.trashedAt !== undefined) continue;
    for (const tag of new Set(note.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return sortedTags(counts);
}

/** Tag counts by name, leaving out tags no note carries any more. */
export function sortedTags(counts: ReadonlyMap<string, number>) {
  return [...counts]
    .filter(([, count]) => count > 0)
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => collator.compare(a.tag, b.tag));
}

/** Whether a path lies in (or is) a notebook. */
export function inNotebook(path: readonly string[] | undefined, notebook: readonly string[]) {
  return (
    path !== undefined &&
    path.length >= notebook.length &&
    notebook.every((name, i) => path[i] === name)
  );
}

export function matchesFilter(note: NoteListItem, filter: ListFilter): boolean {
  if (filter.kind === "all") return true;
  if (filter.kind === "tag") return note.tags.includes(filter.tag);
  return inNotebook(note.notebook, filter.path);
}

export function applyFilter(notes: readonly NoteListItem[], filter: ListFilter): NoteListItem[] {
  return notes.filter((n) => matchesFilter(n, filter));
}

/** "Work / Projects" typed for a new notebook: its path, or undefined when empty. */
export function parseNotebookPath(typed: string): string[] | undefined {
  const names = typed
    .split("/")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  return names.length > 0 ? names.slice(0, 8) : undefined;
}

export const notebookLabel = (path: readonly string[]) => path.join(" › ");
