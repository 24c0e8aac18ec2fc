// How the journeys launch Debian's Chromium: playwright.config.ts uses it, and a spec
// that needs one more flag (app-lock: full strings in heap snapshots) adds to it, since
// `test.use({ launchOptions })` replaces the whole object.
import type { LaunchOptions } from "@playwright/test";

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
} satisfies LaunchOptions;
