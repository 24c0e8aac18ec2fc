// How the History panel names a revision: when (to the second: a note left twice
// in a minute gets two revisions) and who captured it ("you", a member's handle, or
// "Someone" for old rows and deleted accounts). Labels in a list never repeat.
import type { RevisionDescriptor } from "@notes/client";
import { memberName } from "../sharing/member-name";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

export function revisionAuthor(revision: RevisionDescriptor, myHandle: string | undefined): string {
  if (myHandle !== undefined && revision.authorHandle === myHandle) return "you";
  return memberName({ handle: revision.authorHandle });
}

export function revisionTime(revision: RevisionDescriptor): string {
  const at = new Date(revision.createdAt);
  return Number.isNaN(at.getTime()) ? revision.createdAt : when.format(at);
}

/**
 * One label per revision, in the list's order: time and author, and where two would
 * still read the same (captured in one second) each also says its revision number.
 */
export function revisionLabels(
  revisions: readonly RevisionDescriptor[],
  myHandle: string | undefined,
): string[] {
  const labels = revisions.map((r) => `${revisionTime(r)} · by ${revisionAuthor(r, myHandle)}`);
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return labels.map((label, i) =>
    (counts.get(label) ?? 0) > 1 ? `${label} · revision ${revisions[i]?.revision}` : label,
  );
}
