// The editor's attachment block (issue 36): an atom node in the note's Yjs document
// holding only the attachment's id and whether it shows as an image or as a chip.
// Name, type, size and bytes are sealed elsewhere (the attachment's own metadata and
// chunks); the view (attachment-view.tsx) opens them with the note's keys.

import { ATTACHMENT_NODE } from "@notes/client";
import { mergeAttributes, Node } from "@tiptap/core";
import { ReactNodeViewRenderer } from "@tiptap/react";
import { AttachmentView } from "./attachment-view";

export { ATTACHMENT_NODE };

export interface AttachmentOptions {
  noteId: string;
}

export const AttachmentNode = Node.create<AttachmentOptions>({
  name: ATTACHMENT_NODE,
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addOptions: () => ({ noteId: "" }),
  addAttributes: () => ({
    id: {
      default: null,
      parseHTML: (element) => element.getAttribute("data-attachment-id"),
      renderHTML: (attributes) => ({ "data-attachment-id": attributes.id }),
    },
    kind: {
      default: "file",
      parseHTML: (element) => element.getAttribute("data-kind") ?? "file",
      renderHTML: (attributes) => ({ "data-kind": attributes.kind }),
    },
  }),
  parseHTML: () => [{ tag: "figure[data-attachment-id]" }],
  renderHTML: ({ HTMLAttributes }) => ["figure", mergeAttributes(HTMLAttributes)],
  addNodeView() {
    return ReactNodeViewRenderer(AttachmentView);
  },
});

/** The node's attributes for a file: images show inline, anything else as a chip. */
export const attachmentAttrs = (id: string, file: { type: string }) => ({
  id,
  kind: file.type.startsWith("image/") ? "image" : "file",
});
