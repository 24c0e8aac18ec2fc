// Carries this device's pinned keys to the account's other devices and theirs here
// (the SDK's syncKeyPins over GET/PUT /v1/account/key-pins): once at start, soon
// after every pin change (a first share, a comparison), and whenever the feed says
// the account changed (another device wrote). One sync at a time; a trigger during
// one runs another after it. Offline or refused, it waits for the next trigger: the
// pins stay on this device either way (key-pins-store.ts).
import { type ApiClient, MemoryKeyPins, type Session, syncKeyPins } from "@notes/client";

const AFTER_CHANGE_MS = 300;

export interface KeyPinsCarrier {
  /** Read what other devices stored (the feed's account event). */
  pull(): void;
  stop(): void;
}

export function carryKeyPins(
  api: ApiClient,
  session: Session,
  /** After each sync: people another device pinned with a different key (this one kept its own). */
  onConflicts: (userIds: string[]) => void = () => {},
): KeyPinsCarrier {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = syncKeyPins(api, session)
      .then((result) => onConflicts(result.conflicts.map((c) => c.userId)))
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(run, AFTER_CHANGE_MS);
  };
  const unsubscribe =
    session.keyPins instanceof MemoryKeyPins ? session.keyPins.onChange(soon) : () => {};
  run();
  return {
    pull: run,
    stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    },
  };
}
