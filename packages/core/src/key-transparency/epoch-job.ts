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
//
// Before that look, a tick places the new notes waiting for their first roster leaf
// (roster-leaves.ts, `placeRosters`): PLACE_STEP notes a step (~10 ms of CPU), the event
// loop free between steps, for at most a tick's length (then the look, and the next
// tick at once while notes are left), and only when something was enqueued here since it
// last found nothing, or the epoch's last look saw notes waiting.
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { isUnavailable, isWriteConflict } from "@notes/db";
import type { Core } from "../core";
import { ktConfig, ktKeys } from "./config";
import { enqueueCount } from "./enqueue";
import { placeRosters } from "./roster-leaves";
import { idleEpochMs, runEpoch } from "./run-epoch";

/** Notes placed in one step: each a VRF proof of ~2.5 ms. */
export const PLACE_STEP = 4;

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
  // The placing: this process's enqueue count when it last found nothing to place, and
  // whether the epoch's look saw notes waiting since.
  let countAtPlaced = -1;
  let waitingSeen = false;
  // Answers whether notes are left to place (the tick's time ran out).
  const placeAhead = async (startedAt: number): Promise<boolean> => {
    const count = enqueueCount();
    if (count === countAtPlaced && !waitingSeen) return false;
    waitingSeen = false;
    const { vrfSecret } = ktKeys(core);
    while (!stopped) {
      const placed = await placeRosters(core.db, vrfSecret, PLACE_STEP);
      if (placed < PLACE_STEP) {
        countAtPlaced = count;
        return false;
      }
      if (Date.now() - startedAt >= tick) return true;
      await yieldToLoop();
    }
    return false;
  };
  const worthALook = (now: number) => {
    if (headAt === undefined) return true;
    const age = now - headAt;
    if (age < epochMs) return false;
    if (age >= idleMs) return true;
    return enqueueCount() !== countAtLook || quietAt === undefined || now - quietAt >= epochMs;
  };
  const look = (startedAt: number) => {
    if (!worthALook(startedAt)) return Promise.resolve();
    const count = enqueueCount();
    return runEpoch(core, {
      now: startedAt,
      looked: (seen) => {
        headAt = seen.headAt;
        countAtLook = count;
        quietAt = seen.pending ? undefined : startedAt;
        if (seen.pending) waitingSeen = true;
      },
    }).then((closed) => {
      // Its head is at least as young as this run: the drained queue is quiet as of now.
      if (closed) {
        headAt = startedAt;
        quietAt = startedAt;
      }
    });
  };
  const loop = () => {
    const startedAt = Date.now();
    let more = false;
    running = placeAhead(startedAt)
      .then((left) => {
        more = left;
        return look(Date.now());
      })
      .catch((error: unknown) => {
        if (isUnavailable(error) && !isWriteConflict(error)) {
          core.log.warn({ err: error }, "key transparency: database unreachable");
          options.onUnavailable?.();
        } else core.log.error({ err: error }, "key transparency: epoch failed");
      })
      .finally(() => {
        // Notes left to place: the next tick at once (the placing yields between steps).
        if (!stopped) timer = setTimeout(loop, more ? 0 : tick);
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
