// CPU time per request, split by process: the server under test, Postgres's
// backends and the load generator. On two cores shared by all three, throughput
// follows the sum, so this says which side an improvement must come from. Reads
// /proc (Linux); elsewhere the split is absent.
import { existsSync, readdirSync, readFileSync } from "node:fs";

const TICK_US = 10_000; // USER_HZ is 100 on Linux

/**
 * A `/proc/…/stat` file (a process's, or a thread's under `task/`): its command name and
 * the CPU it used, in clock ticks (utime + stime); undefined once it has ended.
 */
export function procStat(path: string): { name: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(path, "utf8");
    const end = stat.lastIndexOf(")");
    const fields = stat.slice(end + 2).split(" ");
    return {
      name: stat.slice(stat.indexOf("(") + 1, end),
      ticks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return undefined;
  }
}

const ticks = (pid: string): number => procStat(`/proc/${pid}/stat`)?.ticks ?? 0;

function postgresTicks(): number {
  let total = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("postgres")) total += ticks(pid);
    } catch {
      // the process ended
    }
  }
  return total;
}

export interface CpuSplit {
  serverUs: number;
  postgresUs: number;
  generatorUs: number;
}

/** Starts counting; the returned function gives the CPU per request since then. */
export function startCpuSplit(
  serverPid: number | undefined,
): (requests: number) => CpuSplit | undefined {
  if (!existsSync("/proc/self/stat") || serverPid === undefined) return () => undefined;
  const server0 = ticks(String(serverPid));
  const postgres0 = postgresTicks();
  const generator0 = process.cpuUsage();
  return (requests) => {
    const generator = process.cpuUsage(generator0);
    const per = (us: number) => us / Math.max(1, requests);
    return {
      serverUs: per((ticks(String(serverPid)) - server0) * TICK_US),
      postgresUs: per((postgresTicks() - postgres0) * TICK_US),
      generatorUs: per(generator.user + generator.system),
    };
  };
}

export const formatSplit = (s: CpuSplit | undefined) =>
  s ? `${s.serverUs.toFixed(0)} / ${s.postgresUs.toFixed(0)} / ${s.generatorUs.toFixed(0)}` : "n/a";
