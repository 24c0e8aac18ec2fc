// Carries this device's pinned keys to the account's other devices and theirs here
// (the SDK's syncKeyPins over /v1/account/key-pins/shards): once at start, soon after
// every pin change (a first share, a comparison), and whenever the feed says the account
// changed (another device wrote). One sync at a time; a trigger during one runs another
// after it. Offline or refused, it waits for the next trigger: the pins stay on this
// device either way (key-pins-store.ts).
//
// Until the first sync has read the pins, this device pins no one new (issue 33, item
// 4): a look-up or a roster then waits for that read, or runs it. When the server keeps
// the pins from this device (none at all for an account that shares notes, or shards
// missing), no one new is pinned and the person is told why, in PINS_WITHHELD_TEXT.
import {
  type ApiClient,
  accountSharesNotes,
  type KeyPinsStatus,
  keyPinsOf,
  MemoryKeyPins,
  onKeyPinsStatus,
  requireKeyPinsRead,
  type Session,
  syncKeyPins,
} from "@notes/client";
import type { NoteListItem } from "./vault-state";

const AFTER_CHANGE_MS = 300;

/** What the person reads while the server withholds the account's pins from this device. */
export const PINS_WITHHELD_TEXT =
  "The server did not send this device the keys your other devices checked for the people you share with. Until it does, this device trusts no one's key for the first time, so sharing with someone new waits. Open the app on a device you used before, or try again later. If it lasts, the server (or whoever runs it) may be keeping them back.";

/** What the person reads when something needs the pins before this device could read them. */
export const PINS_NOT_READ_TEXT =
  "This device has not loaded the keys your other devices checked yet. Connect to the internet and try again.";

/** The notice for a status, or undefined when there is nothing to say. */
export function keyPinsNotice(status: KeyPinsStatus): string | undefined {
  return status === "withheld" ? PINS_WITHHELD_TEXT : undefined;
}

export interface KeyPinsCarrier {
  /** Read what other devices stored (the feed's account event). */
  pull(): void;
  stop(): void;
}

/**
 * Whether the account shares notes, asked when the server answers no pins at all: from
 * the notes this device lists (its list as last synced, `listed`), or, with none listed
 * (a new device), from the server's change feed, walked from the start (the SDK's
 * default). The list came from the same server's answers, given before this one and
 * kept in step since; a reload does not walk every note's metadata again (issue 35).
 */
export function sharesNotesHere(
  api: ApiClient,
  listed: () => Promise<Iterable<Pick<NoteListItem, "role" | "shared">> | undefined>,
): () => Promise<boolean> {
  return async () => {
    const items = [...((await listed()) ?? [])];
    if (items.length === 0) return accountSharesNotes(api);
    return items.some((item) => item.shared || item.role !== "owner");
  };
}

export function carryKeyPins(
  api: ApiClient,
  session: Session,
  /** After each sync: people another device pinned with a different key (this one kept its own). */
  onConflicts: (userIds: string[]) => void = () => {},
  /** When the notice changes: PINS_WITHHELD_TEXT while the server withholds the pins, else undefined. */
  onNotice: (notice: string | undefined) => void = () => {},
  /** Whether the account shares notes (`sharesNotesHere`); default: the feed, walked. */
  sharesNotes?: () => Promise<boolean>,
): KeyPinsCarrier {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = (): Promise<void> | undefined => {
    if (stopped) return undefined;
    if (running) {
      again = true;
      return running;
    }
    const sync = syncKeyPins(api, session, sharesNotes ? { sharesNotes } : {});
    running = sync
      .then((result) => onConflicts(result.conflicts.map((c) => c.userId)))
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
    // For a first sight that waits on this read; handled here when nobody waits.
    const done = sync.then(() => undefined);
    done.catch(() => undefined);
    return done;
  };
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(run, AFTER_CHANGE_MS);
  };
  const pins = keyPinsOf(session);
  // A first sight waits for the first read, or runs it (offline at start, say).
  requireKeyPinsRead(pins, async () => run());
  const unsubscribeStatus = onKeyPinsStatus(pins, (status) => onNotice(keyPinsNotice(status)));
  const unsubscribe = pins instanceof MemoryKeyPins ? pins.onChange(soon) : () => {};
  run();
  return {
    pull: () => void run(),
    stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      unsubscribeStatus();
    },
  };
}
