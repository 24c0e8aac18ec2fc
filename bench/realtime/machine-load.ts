// Whole-machine CPU use from /proc/stat (Linux), so a measurement can say how much
// of the two cores something other than the benchmark took meanwhile: the machine
// is shared, and a build elsewhere shows up as latency here.
import { readFileSync } from "node:fs";

/** Busy and total jiffies over all cores; undefined where /proc/stat is absent. */
function cpuJiffies(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((sum, n) => sum + n, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** Starts a window; the returned function gives the machine's busy cores since (0–nproc). */
export function machineBusy(): () => number {
  const start = cpuJiffies();
  const startedAt = performance.now();
  return () => {
    const end = cpuJiffies();
    if (!start || !end) return Number.NaN;
    // Jiffies are 10 ms; busy cores = busy jiffies × 10 ms / elapsed.
    return ((end.busy - start.busy) * 10) / (performance.now() - startedAt);
  };
}

/** Cores the rest of the machine may use without a measurement counting as disturbed. */
export const DISTURBED_CORES = 0.25;
/** Over a whole run, how long the benchmark will wait for the machine to calm down. */
let quietBudgetMs = 45_000;

/**
 * Waits (within the run's budget) until the machine is idle for 300 ms, so a
 * measurement starts without another process's build or test on our two cores.
 * Our own processes are idle while this waits.
 */
export async function waitForQuiet(): Promise<void> {
  while (quietBudgetMs > 0) {
    const busy = machineBusy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    quietBudgetMs -= 300;
    if (!(busy() > DISTURBED_CORES)) return;
  }
}
