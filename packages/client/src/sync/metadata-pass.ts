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
 * Walks every note's metadata, handing each page's notes to `take` (which may await).
 * Newest first; once the first page shows there is more, a second walk starts from the
 * oldest end, and the two stop where they meet: twice the pages in flight, so the walk
 * waits on half as many round trips. Each note is handed over once. Answers how many
 * notes were listed.
 */
export async function listNotesMetadata(
  api: ApiClient,
  session: Session,
  take: (notes: ListedNote[]) => void | Promise<void>,
  options: MetadataPassOptions = {},
): Promise<number> {
  const sodium = await loadSodium();
  const { pageSize = 500, firstPageSize = pageSize, sliceMs, stopped } = options;
  const ask = (order: Order, pageToken: string | undefined, size = pageSize) =>
    askPage(api, sodium, session, {
      snapshots: "false",
      pageSize: size,
      ...(pageToken ? { pageToken } : order === "newest" ? { order: "newest" as const } : {}),
    });
  const reach: Reach = {
    low: Number.POSITIVE_INFINITY,
    high: Number.NEGATIVE_INFINITY,
    whole: false,
  };
  const met = () => reach.whole || reach.high >= reach.low;
  let listed = 0;
  let sliceStart = performance.now();
  let oldest: Promise<void> | undefined;
  /** One walk failed: the other stops too. */
  let failed = false;
  const halted = () => failed || stopped?.() === true;

  const walk = async (order: Order, first: PageAhead): Promise<void> => {
    let next: PageAhead | undefined = first;
    try {
      while (next) {
        const { asked, wraps } = next;
        const page: ChangesPage = await next.page;
        // What the other walk has not covered, claimed at once (no await in between), so
        // no note is handed over by both.
        const changes = claim(order, page, reach);
        if (order === "newest" && page.nextPageToken && !oldest && !met()) {
          oldest = walk("seq", ask("seq", undefined));
          // Awaited below; until then a failure must not count as unhandled.
          oldest.catch(() => undefined);
        }
        // The following page is asked for now (page-ahead.ts), before this one's wraps
        // are awaited: the server reads it meanwhile.
        next =
          page.nextPageToken && !met() && !halted() ? ask(order, page.nextPageToken) : undefined;
        const release = await wraps;
        const notes: ListedNote[] = [];
        try {
          for (const state of changes) {
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
        if (halted()) break;
      }
    } finally {
      dropPage(next);
    }
  };

  try {
    await walk("newest", ask("newest", undefined, firstPageSize));
  } catch (error) {
    failed = true;
    await oldest?.catch(() => undefined);
    throw error;
  }
  await oldest;
  return listed;
}

type Order = "newest" | "seq";

/** The newest walk has covered every seq from `low` up, the oldest every seq to `high`. */
interface Reach {
  low: number;
  high: number;
  /** A walk reached its end: everything is covered. */
  whole: boolean;
}

/**
 * The page's notes the other walk has not covered, and what this walk covers now: the
 * newest walk every seq from its page's last down, the oldest every seq up to its last;
 * a walk's last page covers the rest.
 */
function claim(order: Order, page: ChangesPage, reach: Reach) {
  const { changes } = page;
  const taken =
    order === "newest"
      ? changes.filter((c) => c.seq > reach.high)
      : changes.filter((c) => c.seq < reach.low);
  const last = changes[changes.length - 1]?.seq;
  if (!page.nextPageToken) reach.whole = true;
  else if (last !== undefined && order === "newest") reach.low = Math.min(reach.low, last);
  else if (last !== undefined) reach.high = Math.max(reach.high, last);
  return taken;
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
