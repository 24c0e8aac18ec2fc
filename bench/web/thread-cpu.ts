// BENCH_THREAD_CPU=1: the CPU each thread of the browser, the server and Postgres used
// over part of a run, read from /proc (Linux; elsewhere nothing is printed). On two
// cores shared by all of them, a wall time bound by the sum shows here: the tab's main
// thread may be idle while its worker, the server and the browser's other threads
// fill both cores.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { procStat } from "../server/cpu-split";

const TICK_S = 0.01; // USER_HZ is 100 on Linux

/** "chromium renderer", "node server.ts", "postgres": which process a thread is in. */
function processKind(pid: string): string | undefined {
  let argv: string[];
  try {
    // Chromium rewrites its title into one line: split on spaces as well as NULs.
    argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split(/[\0 ]/);
  } catch {
    return undefined;
  }
  const program = argv[0]?.split("/").pop() ?? "";
  if (program.startsWith("postgres")) return "postgres";
  if (program.includes("chrom")) {
    const type = argv.find((a) => a.startsWith("--type="))?.slice("--type=".length);
    return `chromium ${type ?? "browser"}`;
  }
  if (program === "node") {
    const script = argv.find((a) => /\.(ts|js|mjs)$/.test(a));
    return script ? `node ${script.split("/").pop()}` : undefined;
  }
  return undefined;
}

/** CPU seconds so far per "process kind | thread name", summed over their threads. */
export function threadCpu(): Map<string, number> {
  const used = new Map<string, number>();
  if (!existsSync("/proc/self/task")) return used;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const kind = processKind(pid);
    if (!kind) continue;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // the process ended
    }
    for (const tid of tids) {
      const stat = procStat(`/proc/${pid}/task/${tid}/stat`);
      if (!stat) continue; // the thread ended
      // Postgres names each backend by its query: one row for all of them.
      const key = kind === "postgres" ? "postgres" : `${kind} | ${stat.name}`;
      used.set(key, (used.get(key) ?? 0) + stat.ticks * TICK_S);
    }
  }
  return used;
}

/** The CPU used since `before` (threadCpu()), the largest first, over `wallMs`. */
export function threadCpuSince(before: Map<string, number>, wallMs: number): string[] {
  const rows = [...threadCpu()]
    .map(([key, seconds]) => [key, seconds - (before.get(key) ?? 0)] as const)
    .filter(([, seconds]) => seconds >= 0.05)
    .sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
  const wall = wallMs / 1000;
  return [
    `CPU ${total.toFixed(1)} s in ${wall.toFixed(1)} s of wall time (${(total / wall).toFixed(2)} cores busy)`,
    ...rows.slice(0, 12).map(([key, seconds]) => `${seconds.toFixed(2).padStart(6)} s  ${key}`),
  ];
}
