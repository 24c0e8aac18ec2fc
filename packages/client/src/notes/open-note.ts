// Opening one note from the server (GET /v1/notes/{id}) into a live document.
import { loadSodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Session } from "../vault/session";
import { type OpenNote, openState } from "./open-state";

export async function openNote(api: ApiClient, session: Session, id: string): Promise<OpenNote> {
  const [sodium, state] = await Promise.all([loadSodium(), api.call("notes.get", { id })]);
  return openState(sodium, session, state);
}
