// How the History panel names a revision: who captured it ("you", a member's handle,
// or "Someone" for old rows and deleted accounts) and when, to the minute.
import type { RevisionDescriptor } from "@notes/client";
import { memberName } from "../sharing/member-name";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function revisionAuthor(revision: RevisionDescriptor, myHandle: string | undefined): string {
  if (myHandle !== undefined && revision.authorHandle === myHandle) return "you";
  return memberName({ handle: revision.authorHandle });
}

export function revisionTime(revision: RevisionDescriptor): string {
  const at = new Date(revision.createdAt);
  return Number.isNaN(at.getTime()) ? revision.createdAt : when.format(at);
}
