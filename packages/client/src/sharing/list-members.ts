// Reading a note's roster (GET /v1/notes/{id}/members) with the strong ETag that a
// roster replacement must quote in If-Match.
import type { ApiClient } from "../api/client";
import type { Output } from "../api/types";
import { UnexpectedResponse } from "../errors";

export type Member = Output<"notes.members">["members"][number];

export interface Roster {
  /** Every live member, owner first. */
  members: Member[];
  etag: string;
}

export async function listMembers(api: ApiClient, noteId: string): Promise<Roster> {
  const { body, headers } = await api.send("notes.members", { id: noteId });
  return { members: body.members, etag: etagOf(headers) };
}

export function etagOf(headers: Headers): string {
  const etag = headers.get("etag");
  if (!etag) throw new UnexpectedResponse("the roster answer carries no ETag");
  return etag;
}
