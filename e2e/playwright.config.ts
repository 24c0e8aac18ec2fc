// Playwright journeys in Debian's Chromium against ONE self-hosted server per run,
// started by global-setup.ts (embedded database by default, Postgres when
// E2E_DATABASE_URL or DATABASE_URL is set). The function global-setup.ts returns is
// the global teardown: it stops the server (SIGTERM, wait for exit) and drops what
// the run created.
import { defineConfig } from "@playwright/test";

const ci = Boolean(process.env.CI);
// CI sets PLAYWRIGHT_JSON_OUTPUT_FILE (or _NAME) to collect a JSON report per mode.
const json = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE || process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: "specs",
  // Everything a run writes stays under test-results/, which git and biome ignore:
  // artifacts/ (traces, failure screenshots; cleared each run), html-report/, server.log.
  outputDir: "test-results/artifacts",
  globalSetup: "./global-setup.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["html", { outputFolder: "test-results/html-report", open: "never" }],
    ...(json ? [["json"] as ["json"]] : []),
  ],
  use: {
    // The server's port is picked in global setup, after this file is first read;
    // workers read it again and see it. Specs importing `test` from fixtures/test.ts
    // get the same URL from a fixture either way.
    baseURL: process.env.E2E_BASE_URL,
    locale: "en-US",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    video: "off",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
});
