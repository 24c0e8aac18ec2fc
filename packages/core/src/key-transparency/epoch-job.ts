// The timer that tries runEpoch: every instance runs one, and runEpoch itself decides
// (lock, interval, witnesses) whether an epoch closes, so restarts and extra instances
// change nothing. Ticks at a quarter of the interval, so an epoch closes at most a
// quarter late.
import { isUnavailable, isWriteConflict } from "@notes/db";
import type { Core } from "../core";
import { ktConfig } from "./config";
import { runEpoch } from "./run-epoch";

export interface EpochJob {
  stop(): Promise<void>;
}

export interface EpochJobOptions {
  /** A run failed because the database could not be reached (the server's outage gate). */
  onUnavailable?: () => void;
}

export function startEpochJob(core: Core, options: EpochJobOptions = {}): EpochJob {
  const tick = Math.max(50, Math.floor(ktConfig(core).epochMs / 4));
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    running = runEpoch(core)
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
