// Starts and stops a real server process for tests: the self-hosted server
// (`server.ts`) or `next start`, on a free port, with the given environment.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedFromTemplate } from "@notes/db/template";

/** The repository's root, the web app in it, and where every test server logs. */
const rootDir = path.resolve(import.meta.dirname, "../../..");
export const webDir = path.join(rootDir, "apps/web");
export const logDir = path.join(rootDir, "test-results");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<number | null>;
}

/** `fetch-mount`: the Next route handlers' function behind plain node:http (fetch-mount-server.ts). */
export type ServerKind = "self-hosted" | "next" | "realtime" | "fetch-mount";

export function startProcess(
  kind: ServerKind,
  env: Record<string, string>,
  logName: string,
  nodeArgs: string[] = [],
): ChildProcess {
  mkdirSync(logDir, { recursive: true });
  const scripts: Record<ServerKind, string[]> = {
    "self-hosted": ["--import", "tsx", "server.ts"],
    realtime: ["--import", "tsx", path.join(webDir, "../realtime/src/main.ts")],
    next: [path.join(webDir, "node_modules/next/dist/bin/next"), "start", "-p", env.PORT ?? "3000"],
    "fetch-mount": ["--import", "tsx", "test/support/fetch-mount-server.ts"],
  };
  const script = scripts[kind];
  const args = [...nodeArgs, ...script];
  // A fresh embedded data directory starts as a copy of the migrated template, when a
  // global setup made one (embedded-template.ts): initdb and every migration took 3–5 s
  // of each of the suite's servers. The migrations' own path from an empty directory
  // stays tested by cli.test.ts and by the template's making.
  const databaseUrl = env.DATABASE_URL ?? process.env.DATABASE_URL;
  if (kind !== "realtime" && env.DATA_DIR && !databaseUrl) seedFromTemplate(env.DATA_DIR);
  const child = spawn(process.execPath, args, {
    cwd: webDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(path.join(logDir, logName), { flags: "a" });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

export async function waitForHealth(
  url: string,
  child: ChildProcess,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}; see test-results logs`);
    try {
      const res = await fetch(`${url}/v1/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

export function stopProcess(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

/**
 * The exit code of a process expected to stop by itself (a start it refuses), or null
 * when it is still running after `ms`: then it is stopped.
 */
export function exitWithin(child: ChildProcess, ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(stopProcess(child).then(() => null)), ms);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

export function hasNextBuild(): boolean {
  return existsSync(path.join(webDir, ".next/BUILD_ID"));
}

/**
 * Another self-hosted server beside the suite's (or the Fetch mount): a free port,
 * its own data directory, PUBLIC_URL set to where it listens; healthy when this resolves.
 */
export async function startServer(
  env: Record<string, string>,
  logName: string,
  kind: "self-hosted" | "fetch-mount" = "self-hosted",
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(
    kind,
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "notes-it-extra-")),
      ...env,
    },
    logName,
  );
  await waitForHealth(url, child);
  return { url, process: child, stop: () => stopProcess(child) };
}
