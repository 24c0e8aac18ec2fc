// The timer that tries runEpoch: every instance runs one, and runEpoch itself decides
// (lock, interval, witnesses) whether an epoch closes, so restarts and extra instances
// change nothing. Ticks at a quarter of the interval, so an epoch closes at most a
// quarter late. A tick reads the database only when an epoch could close: not while
// the newest head it saw is younger than an epoch (another instance can only make it
// younger), and, until the idle interval, only when this process put something in the
// next epoch since its last look, or that look is an epoch old (another instance's
// work; that instance's own job looks at once). An idle embedded server read the
// database about 30 times a second with a 250 ms epoch (the journeys' setting), a
// tenth of a core.
import { isUnavailable, isWriteConflict } from "@notes/db";
import type { Core } from "../core";
import { ktConfig } from "./config";
import { enqueueCount } from "./enqueue";
import { idleEpochMs, runEpoch } from "./run-epoch";

export interface EpochJob {
  stop(): Promise<void>;
}

export interface EpochJobOptions {
  /** A run failed because the database could not be reached (the server's outage gate). */
  onUnavailable?: () => void;
}

export function startEpochJob(core: Core, options: EpochJobOptions = {}): EpochJob {
  const { epochMs } = ktConfig(core);
  const idleMs = idleEpochMs(core);
  const tick = Math.max(50, Math.floor(epochMs / 4));
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  // What the last look saw: the newest head's time (or when this job closed one), and
  // when nothing waited, with this process's enqueue count at that look.
  let headAt: number | undefined;
  let quietAt: number | undefined;
  let countAtLook = -1;
  const worthALook = (now: number) => {
    if (headAt === undefined) return true;
    const age = now - headAt;
    if (age < epochMs) return false;
    if (age >= idleMs) return true;
    return enqueueCount() !== countAtLook || quietAt === undefined || now - quietAt >= epochMs;
  };
  const loop = () => {
    const startedAt = Date.now();
    if (!worthALook(startedAt)) {
      if (!stopped) timer = setTimeout(loop, tick);
      return;
    }
    const count = enqueueCount();
    running = runEpoch(core, {
      now: startedAt,
      looked: (look) => {
        headAt = look.headAt;
        countAtLook = count;
        quietAt = look.pending ? undefined : startedAt;
      },
    })
      .then((closed) => {
        // Its head is at least as young as this run: the drained queue is quiet as of now.
        if (closed) {
          headAt = startedAt;
          quietAt = startedAt;
        }
      })
      .catch((error: unknown) => {
        if (isUnavailable(error) && !isWriteConflict(error)) {
          core.log.warn({ err: error }, "key transparency: database unreachable");
          options.onUnavailable?.();
        } else core.log.error({ err: error }, "key transparency: epoch failed");
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, tick);
      });
  };
  loop();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
