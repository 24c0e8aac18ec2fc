// Control of the local Postgres cluster for fault tests: CI's machine and the
// developers' run it as root with Debian's pg_ctlcluster. Where that is not
// possible, `canControlCluster` is false and the fault tests say so.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { databaseUrl } from "@notes/test-support/database-mode";

function localCluster(): [string, string] | undefined {
  if (!databaseUrl || !existsSync("/usr/bin/pg_lsclusters") || process.getuid?.() !== 0)
    return undefined;
  const port = new URL(databaseUrl).port || "5432";
  const line = execFileSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" })
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[2] === port);
  return line ? [line[0]!, line[1]!] : undefined;
}

const cluster = localCluster();
export const canControlCluster = cluster !== undefined;

function control(action: string, ...extra: string[]) {
  if (!cluster) throw new Error("no local Postgres cluster to control");
  execFileSync(
    "pg_ctlcluster",
    ["--skip-systemctl-redirect", cluster[0], cluster[1], action, ...extra],
    { stdio: "ignore" },
  );
}

export const stopCluster = (mode: "fast" | "immediate" = "fast") => control("stop", "-m", mode);
export const startCluster = () => control("start");
export const restartCluster = () => control("restart");
