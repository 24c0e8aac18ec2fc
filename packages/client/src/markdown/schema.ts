// The note document's schema: the ProseMirror node and mark names (and the attributes they
// carry) that the web editor (TipTap's StarterKit plus TaskList/TaskItem, Table and Highlight,
// over y-prosemirror)
// writes into the Yjs XmlFragment, and that the Markdown export and import read and write.
// y-prosemirror stores a node as an XmlElement named after its type with its attributes, and
// a mark as an attribute of an XmlText run named after the mark ("name--hash" where marks of
// one type may overlap). ProseMirror's "doc" and "text" are the fragment and XmlText.

/** Block and inline node types: the XmlElement names. */
export const NODE = namesOf([
  "paragraph",
  "heading",
  "blockquote",
  "bulletList",
  "orderedList",
  "listItem",
  "taskList",
  "taskItem",
  "codeBlock",
  "horizontalRule",
  "hardBreak",
  // A table holds rows; a row holds header or ordinary cells; a cell holds blocks
  // (paragraphs). Cells carry colspan, rowspan and colwidth, which the export ignores.
  "table",
  "tableRow",
  "tableHeader",
  "tableCell",
]);
export type NodeName = (typeof NODE)[keyof typeof NODE];

/**
 * A file kept with the note (issue 36): an atom block holding the attachment's id and
 * kind. Exported as a link to the file beside the note; not imported (a Markdown
 * image becomes a link), so it stands apart from NODE, whose every type round-trips.
 */
export const ATTACHMENT_NODE = "attachment";

/** Mark types: the XmlText attribute names. */
export const MARK = namesOf(["link", "bold", "italic", "strike", "underline", "highlight", "code"]);
export type MarkName = (typeof MARK)[keyof typeof MARK];

/** The attributes read and written, by the node or mark that carries them. */
export const ATTR = {
  /** heading: 1–6, a number (a string "2" draws as a level-1 heading). */
  level: "level",
  /** orderedList: the first item's number. */
  start: "start",
  /** taskItem: whether the box is ticked, a boolean. */
  checked: "checked",
  /** codeBlock: the fence's language, absent when none. */
  language: "language",
  /** link (a mark attribute object's field): the target. */
  href: "href",
  /** attachment: the file's attachment id (issue 36). */
  attachmentId: "id",
  /** attachment: "image" (shown inline) or "file" (a chip). */
  attachmentKind: "kind",
} as const;

/** The attribute values each node type carries, as the editor stores them. */
export interface NodeAttributes {
  [NODE.heading]: { [ATTR.level]: number };
  [NODE.orderedList]: { [ATTR.start]: number };
  [NODE.taskItem]: { [ATTR.checked]: boolean };
  [NODE.codeBlock]: { [ATTR.language]?: string };
}

/** The attribute object each mark's value is ({} for the marks without attributes). */
export interface MarkAttributes {
  [MARK.link]: { [ATTR.href]: string };
}

// Each name keyed by itself, so a key and its value cannot drift apart.
function namesOf<const Name extends string>(names: readonly Name[]): { readonly [N in Name]: N } {
  return Object.fromEntries(names.map((name) => [name, name])) as { [N in Name]: N };
}
