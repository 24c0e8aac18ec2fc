// A change-feed page asked for ahead (issue 35): the server reads it, and its wraps are
// opened off the main thread (keys/opened-wraps.ts), while the page before is opened
// here. A long walk then takes the longest of the three, not their sum.
import type { Sodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Input, Output } from "../api/types";
import { openWrapsAhead, type ReleaseWraps } from "../keys/opened-wraps";
import { type SeenAtRequest, seenNow } from "../trust/served-state";
import type { Session } from "../vault/session";

export type ChangesPage = Output<"notes.changes">;

export interface PageAhead {
  /** What this device had seen when the page was asked for. */
  asked: SeenAtRequest;
  page: Promise<ChangesPage>;
  /** Resolves once the page's wraps are opened; call the answer when the page is done. */
  wraps: Promise<ReleaseWraps>;
}

export function askPage(
  api: ApiClient,
  sodium: Sodium,
  session: Session,
  input: Input<"notes.changes">,
): PageAhead {
  const asked = seenNow(session);
  const page = api.call("notes.changes", input);
  // Awaited by the caller; until then a refusal must not count as unhandled.
  page.catch(() => undefined);
  const wraps = page.then(
    (p) =>
      openWrapsAhead(
        sodium,
        session,
        p.changes.map((c) => c.wrappedCek),
      ),
    () => () => undefined,
  );
  return { asked, page, wraps };
}

/** Lets a page's openings go when the walk ended before taking it. */
export function dropPage(ahead: PageAhead | undefined): void {
  ahead?.wraps.then(
    (release) => release(),
    () => undefined,
  );
}
