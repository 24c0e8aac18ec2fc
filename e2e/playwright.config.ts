// Playwright journeys in Debian's Chromium against ONE self-hosted server per run,
// started by global-setup.ts (embedded database by default, Postgres when
// E2E_DATABASE_URL or DATABASE_URL is set). The function global-setup.ts returns is
// the global teardown: it stops the server (SIGTERM, wait for exit) and drops what
// the run created.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumLaunch } from "./chromium-launch";

const ci = Boolean(process.env.CI);
// E2E_SCOPE=database runs only the journeys whose outcome can differ by database: a
// spec whose first lines say `// e2e: database-independent` (typing, layout, themes,
// client-side refusals…) is left out. CI runs every spec on the embedded database and
// this scope on Postgres, so nothing is lost and nothing runs twice for no reason.
const specsDir = path.join(import.meta.dirname, "specs");
const databaseIndependent = readdirSync(specsDir).filter(
  (file) =>
    file.endsWith(".spec.ts") &&
    readFileSync(path.join(specsDir, file), "utf8")
      .slice(0, 2000)
      .includes("// e2e: database-independent"),
);
const scope = process.env.E2E_SCOPE ?? "all";
if (scope !== "all" && scope !== "database")
  throw new Error(`E2E_SCOPE must be "all" or "database", not "${scope}"`);
// CI sets PLAYWRIGHT_JSON_OUTPUT_FILE (or _NAME) to collect a JSON report per mode, and
// E2E_RESULTS_DIR (default test-results) so two runs side by side keep apart.
const results = process.env.E2E_RESULTS_DIR || "test-results";
const json = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE || process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: "specs",
  testIgnore: scope === "database" ? databaseIndependent : [],
  // Everything a run writes stays under test-results/ (or E2E_RESULTS_DIR), which git
  // and biome ignore: artifacts/ (traces, failure screenshots; cleared each run),
  // html-report/, server.log.
  outputDir: `${results}/artifacts`,
  globalSetup: "./global-setup.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // Ceilings for a journey that hangs, not measures: on this session's machine, beside
  // the integration lane, journeys took 2–3 times as long as before (50–54 s for some,
  // against 60 s), so CI gives them twice the room.
  timeout: ci ? 120_000 : 60_000,
  expect: { timeout: ci ? 20_000 : 10_000 },
  reporter: [
    ["list"],
    ["html", { outputFolder: `${results}/html-report`, open: "never" }],
    ...(json ? [["json"] as ["json"]] : []),
  ],
  use: {
    // The server's port is picked in global setup, after this file is first read;
    // workers read it again and see it. Specs importing `test` from fixtures/test.ts
    // get the same URL from a fixture either way.
    baseURL: process.env.E2E_BASE_URL,
    locale: "en-US",
    // A trace records a screencast (a JPEG per frame, encoded by the browser and written
    // by the worker) and DOM snapshots of every step: three journeys on this machine took
    // 255 CPU-seconds with it and 183 without (issue 39). CI traces the retry of a failed
    // journey, which fails again when the fault is real; locally there is no retry, so a
    // failure keeps the trace of its one run.
    trace: ci ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    video: "off",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 800 },
        launchOptions: chromiumLaunch,
      },
    },
  ],
});
