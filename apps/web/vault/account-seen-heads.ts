// The account's seen heads in the web app (issue 33, item 12; docs/client-crypto.md, "The
// account's seen heads"). A browser signed in by password or passkey, with nothing seen
// here before and none carried by a device link, starts from the copy the account's
// other devices uploaded, held to the key-transparency log, before its first sync; a
// copy older than the log shows is said in the banner, never taken in silence. Every
// browser then uploads what it saw (SeenHeadsUploader: at most once a minute, not at all
// while nothing changed), and remembers the highest counter it uploaded or read.
import {
  type ApiClient,
  MemorySeenStates,
  SeenHeadsRolledBack,
  SeenHeadsUploader,
  type Session,
  startFromAccountSeenHeads,
} from "@notes/client";
import type { LocalDb } from "./local-db";

/** The banner's slug when the account's seen heads were served older than they are. */
export const SEEN_HEADS_ALERT = "SeenHeadsRolledBack";
const COUNTER = "seenHeadsCounter";
/** A burst of changes (a sync's pages) goes up as one upload. */
const SETTLE_MS = 2_000;

export const SEEN_HEADS_TEXT =
  "The server did not give this device the newest record of what your other devices have seen, so it could show you older copies of notes without this device noticing. Open your notes on a device you used before, and tell whoever runs this server.";

/**
 * Before the first sync: starts a fresh browser from the account's seen heads; then
 * uploads this browser's as they move. Answers a stop function.
 */
export async function keepAccountSeenHeads(
  api: ApiClient,
  db: LocalDb,
  session: Session,
  onNotice: (text: string) => void,
): Promise<() => void> {
  let known = Number((await db.get("meta", COUNTER)) ?? 0) || 0;
  // The counter read below is held at once: the uploader starts from it, not from the
  // stored one, or the server could answer its first read with no copy and go unnoticed.
  const remember = (counter: number) => {
    known = Math.max(known, counter);
    void db.put("meta", String(counter), COUNTER);
  };
  const states = session.seenStates instanceof MemorySeenStates ? session.seenStates : undefined;
  if (known === 0 && (session.seenStates?.all().length ?? 0) === 0) {
    // Any failure is said: a server that fails this read on purpose would otherwise have
    // the fresh browser take whatever it serves next.
    await startFromAccountSeenHeads(api, session, { onCounter: remember }).catch(() =>
      onNotice(SEEN_HEADS_TEXT),
    );
  }
  const uploader = new SeenHeadsUploader(api, session, { known, onCounter: remember });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const upload = () => {
    timer = undefined;
    uploader.afterSync().catch((error: unknown) => {
      if (error instanceof SeenHeadsRolledBack) onNotice(SEEN_HEADS_TEXT);
    });
  };
  const stopListening = states?.onChange(() => {
    timer ??= setTimeout(upload, Math.max(SETTLE_MS, uploader.dueInMs()));
  });
  return () => {
    stopListening?.();
    if (timer) clearTimeout(timer);
  };
}
