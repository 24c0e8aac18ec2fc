// How the roster names people: the handle, else the address the owner sees for a
// handle-less member, else "Someone"; and who added whom, for the owner (the server
// answers addedBy as an account id, named here through the roster itself).
import type { Member } from "@notes/client";

export function memberName(member: Pick<Member, "handle" | "name">): string {
  return member.handle ?? member.name ?? "Someone";
}

/** "you", a member's name, or "someone no longer on this note"; undefined when unknown. */
export function addedByName(
  members: readonly Member[],
  member: Member,
  myId: string | undefined,
): string | undefined {
  if (!member.addedBy) return undefined;
  if (member.addedBy === myId) return "you";
  const by = members.find((m) => m.userId === member.addedBy);
  return by ? memberName(by) : "someone no longer on this note";
}

export function roleLabel(role: Member["role"]): string {
  return { owner: "Owner", editor: "Editor", viewer: "Viewer", revoked: "No access" }[role];
}
