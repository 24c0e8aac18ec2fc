// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// Process-level guarantees: in embedded mode a second server on the same data
// directory refuses to start with a clear message; in Postgres mode any number of
// stateless instances may run side by side. And `pnpm start` stops cleanly, exit 0,
// whether a process manager signals pnpm alone or a terminal signals the group.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedFromTemplate } from "@notes/db/template";
import { databaseEnv, mode } from "@notes/test-support/database-mode";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
  webDir,
} from "@notes/test-support/server-process";
import { describe, expect, inject, it } from "vitest";

describe(`a second server process (${mode})`, () => {
  it(mode === "embedded"
    ? "refuses the data directory another process owns"
    : "runs beside the first one", async () => {
    const port = await freePort();
    let output = "";
    const child = startProcess(
      "self-hosted",
      {
        PORT: String(port),
        DATA_DIR: inject("dataDir"),
        LOG_LEVEL: "warn",
        ...databaseEnv(),
      },
      "second-server.log",
    );
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    if (mode === "embedded") {
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(output).toMatch(/already owned by process \d+/);
      expect(output).toContain("DATA_DIR");
    } else {
      await waitForHealth(`http://127.0.0.1:${port}`, child);
      expect(await stopProcess(child)).toBe(0);
    }
  }, 60_000);
});

describe("pnpm start as a process manager runs it", () => {
  // The real quick-start command, on a data directory of its own: a copy of the migrated
  // template (the journeys' server and cli.test.ts migrate from empty).
  async function start() {
    const port = await freePort();
    const root = path.resolve(webDir, "../..");
    const dataDir = mkdtempSync(path.join(tmpdir(), "notes-start-"));
    seedFromTemplate(dataDir);
    const child = spawn("pnpm", ["start"], {
      cwd: root,
      detached: true, // its own process group, like a terminal's foreground job
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    await waitForHealth(`http://127.0.0.1:${port}`, child);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    return { child, port, exited, output: () => output };
  }

  async function closed(port: number) {
    return fetch(`http://127.0.0.1:${port}/v1/health`).then(
      () => false,
      () => true,
    );
  }

  it("stops cleanly with exit 0 on SIGTERM to the pnpm process alone", async () => {
    const run = await start();
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    expect(await closed(run.port)).toBe(true);
  }, 90_000);

  it("stops cleanly with exit 0 on Ctrl-C (SIGINT to the process group), with no pnpm error", async () => {
    const run = await start();
    process.kill(-run.child.pid!, "SIGINT");
    expect(await run.exited).toBe(0);
    expect(await closed(run.port)).toBe(true);
    expect(run.output()).not.toMatch(/ERR_PNPM|ELIFECYCLE|Command failed/);
  }, 90_000);
});
