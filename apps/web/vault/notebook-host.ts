// What a Notebook needs from the session keeping it (session-keeper.ts, for the
// Vault): the state it publishes into, and who to tell when the session ends or the
// account changes.
import { isProblem } from "@notes/client";
import type { LinkImage } from "./note-attachments";
import type { VaultState } from "./vault-state";

export interface NotebookHost {
  state(): VaultState;
  set(patch: Partial<VaultState>): void;
  /** The server answered 401, or the feed said the session was revoked. */
  sessionEnded(): Promise<void>;
  /** The feed said the profile, tier or usage changed. */
  accountChanged(): void;
  /** A bridge transmission arrived on the feed. */
  bridge(message: unknown): void;
  /** The note's images among `ids` with their file keys, for a share link (issue 37). */
  linkImages?(noteId: string, ids: readonly string[]): Promise<LinkImage[]>;
  /** The search index took new or changed notes, or let some go. */
  searchIndexed?(): void;
}

/** A refusal from background work: 401 ends the session, a problem shows, else offline. */
export async function reportBackgroundError(host: NotebookHost, error: unknown): Promise<void> {
  if (isProblem(error) && error.status === 401) return host.sessionEnded();
  if (isProblem(error))
    host.set({ problem: { slug: error.slug, title: error.title, detail: error.detail } });
  else host.set({ online: false });
}
