// A first sync's list before its bodies (issue 35): GET /v1/changes without snapshots
// (interface.md, `snapshots`), newest first, each note's title and tags opened so a
// list can show every note long before the full sync has brought them all. Nothing is
// taken or recorded here: a row is provisional until the full sync (SyncEngine) has
// judged and taken the note. What this device saw still holds: a note whose served
// state or title is older than seen, whose deletion was confirmed, or that does not
// open is left out, as the full sync would leave it.
import { loadSodium, type NoteMetadata, openMetadata } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { contentKeyOf } from "../notes/note-keys";
import { checkServedMetadata } from "../trust/served-metadata";
import { checkServedState, type SeenAtRequest } from "../trust/served-state";
import type { Session } from "../vault/session";
import { askPage, type ChangesPage, dropPage, type PageAhead } from "./page-ahead";
import { yieldToEventLoop } from "./sync-engine";

/** A note as a metadata page shows it: enough for its row in a list. */
export interface ListedNote {
  id: string;
  metadata: NoteMetadata;
  role: NoteState["role"];
  memberCount: number;
  updatedAt?: string;
}

export interface MetadataPassOptions {
  /** Notes per page (the server takes at most 500). */
  pageSize?: number;
  /** A smaller first page, so the newest notes show at once. */
  firstPageSize?: number;
  /** Hands control back to the event loop after this long (ms) without a pause. */
  sliceMs?: number;
  /** Stops after the page in hand when it answers true (the session ended, say). */
  stopped?: () => boolean;
}

/**
 * Walks every note's metadata, newest first, handing each page's notes to `take` (which
 * may await). Answers how many notes were listed.
 */
export async function listNotesMetadata(
  api: ApiClient,
  session: Session,
  take: (notes: ListedNote[]) => void | Promise<void>,
  options: MetadataPassOptions = {},
): Promise<number> {
  const sodium = await loadSodium();
  const { pageSize = 500, firstPageSize = pageSize, sliceMs, stopped } = options;
  const ask = (pageToken: string | undefined) =>
    askPage(api, sodium, session, {
      snapshots: "false",
      pageSize: pageToken ? pageSize : firstPageSize,
      ...(pageToken ? { pageToken } : { order: "newest" as const }),
    });
  let listed = 0;
  let sliceStart = performance.now();
  let next: PageAhead | undefined = ask(undefined);
  try {
    while (next) {
      const { asked, wraps } = next;
      const page: ChangesPage = await next.page;
      // The following page is asked for now (page-ahead.ts), before this one's wraps are
      // awaited: the server reads it meanwhile.
      next = page.nextPageToken && !stopped?.() ? ask(page.nextPageToken) : undefined;
      const release = await wraps;
      const notes: ListedNote[] = [];
      try {
        for (const state of page.changes) {
          const note = listedNote(sodium, session, state, asked);
          if (note) notes.push(note);
          if (sliceMs !== undefined && performance.now() - sliceStart > sliceMs) {
            await yieldToEventLoop();
            sliceStart = performance.now();
          }
        }
      } finally {
        release();
      }
      listed += notes.length;
      await take(notes);
      if (stopped?.()) break;
    }
  } finally {
    dropPage(next);
  }
  return listed;
}

/** The note's row, or undefined when the full sync would not take it either. */
function listedNote(
  sodium: Awaited<ReturnType<typeof loadSodium>>,
  session: Session,
  state: NoteState,
  asked: SeenAtRequest,
): ListedNote | undefined {
  if (state.deleted || state.role === "revoked" || !state.metadata) return undefined;
  try {
    checkServedState(sodium, session, state, asked);
    const metadata = openMetadata(
      sodium,
      contentKeyOf(sodium, session, state),
      state.id,
      state.metadata,
    );
    checkServedMetadata(sodium, session, state, metadata, asked);
    return {
      id: state.id,
      metadata,
      role: state.role,
      memberCount: state.memberCount,
      ...(state.updatedAt && { updatedAt: state.updatedAt }),
    };
  } catch {
    // Refused or not opened: the full sync reports it, with why (SyncResult).
    return undefined;
  }
}
