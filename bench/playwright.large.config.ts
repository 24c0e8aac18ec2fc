// `pnpm test:large`: the journey on the bench's 100,000-note account (issue 35),
// web/large-account/. One server on a copy of the bench's seeded data directory, one
// worker, Debian's Chromium as the e2e journeys launch it. Not part of `pnpm test`: the
// account takes ~15 minutes to seed once, and the walk of its notes minutes per run.
import { defineConfig } from "@playwright/test";
import { chromiumLaunch } from "../e2e/chromium-launch";

export default defineConfig({
  testDir: "web/large-account",
  globalSetup: "./web/large-account/setup.ts",
  outputDir: "test-results/large-journey/artifacts",
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: process.env.LARGE_BASE_URL,
    locale: "en-US",
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunch,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
