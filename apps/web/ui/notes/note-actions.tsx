"use client";
// The note's less-used actions, in the "More actions" (⋯) menu beside Share: History,
// Export this note (one Markdown file, made in this tab), Move to notebook (anyone who
// may edit), Move to trash (owner only).
import { markdownFileName, noteToMarkdown, type OpenNote } from "@notes/client";
import { Ellipsis } from "lucide-react";
import { Menu, type MenuItem } from "../menu";

export function NoteActions({
  note,
  canTrash,
  onHistory,
  onMove,
  onTrash,
}: {
  note: OpenNote;
  canTrash: boolean;
  onHistory(): void;
  /** Absent for a reader who cannot change the note. */
  onMove?: (() => void) | undefined;
  onTrash(): void;
}) {
  const items: MenuItem[] = [
    { label: "History", onSelect: onHistory },
    { label: "Export this note", onSelect: () => exportNote(note) },
  ];
  if (onMove) items.push({ label: "Move to notebook…", onSelect: onMove });
  if (canTrash) items.push({ label: "Move to trash", onSelect: onTrash, danger: true });
  return (
    <Menu
      label="More actions"
      icon={<Ellipsis aria-hidden="true" size={20} strokeWidth={2.25} />}
      items={items}
    />
  );
}

function exportNote(note: OpenNote): void {
  const { title, tags } = note.metadata;
  const markdown = noteToMarkdown({ title, tags, doc: note.doc });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([markdown], { type: "text/markdown;charset=utf-8" }));
  a.download = markdownFileName(title);
  a.click();
  URL.revokeObjectURL(a.href);
}
