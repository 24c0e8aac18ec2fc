// `pnpm bench:transport`: the web app's sign-in → newest note over each transport
// it can use (apps/web/vault/api-transport.ts): tRPC with the reads of one tick
// batched, tRPC one call per request, and /v1 REST. Same server, same account, the
// transports alternated round by round; medians printed, and written to
// bench/test-results/bench-transport.json. Needs a Next build (`pnpm build`).
//   BENCH_NOTES=1000 BENCH_ROUNDS=7 pnpm bench:transport
import { writeFileSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { NEWEST_TITLE, type Seeded, seedAccount } from "../../e2e/fixtures/seed";
import { armFirstRow, newestShown, round, WAIT, watchFirstRow } from "./measure";
import { benchDir, seededOnce, startBenchServer } from "./server";

const NOTES = Number(process.env.BENCH_NOTES ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TRANSPORTS = ["trpc", "trpc-unbatched", "rest"] as const;
type Transport = (typeof TRANSPORTS)[number];

interface Sample {
  newest: number;
  listed: number;
  /** API requests the page sent from the click to the newest note's row. */
  requests: number;
  /** Their methods and paths, in order. */
  sent: string[];
  /** The requests opening Settings sends (a screen that reads several things at once). */
  settings: string[];
}

async function signInOnce(
  browser: Browser,
  baseUrl: string,
  account: Seeded,
  transport: Transport,
): Promise<Sample> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  try {
    await page.addInitScript(
      (chosen) => localStorage.setItem("notes.transport", chosen),
      transport,
    );
    await watchFirstRow(page, NEWEST_TITLE);
    await page.goto("/signin");
    await page.getByLabel("Handle or e-mail").fill(account.handle);
    await page.getByLabel("Password").fill(account.password);
    await armFirstRow(page);
    const sent: string[] = [];
    let counting = true;
    let requests = 0;
    page.on("request", (request) => {
      const { pathname, search } = new URL(request.url());
      if (counting && (pathname.startsWith("/v1/") || pathname.startsWith("/api/trpc/")))
        sent.push(`${request.method()} ${pathname}${search.includes("batch=1") ? "?batch=1" : ""}`);
    });
    const started = Date.now();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.locator(".note-item").first().waitFor({ timeout: WAIT });
    const newest = await newestShown(page, true);
    counting = false;
    requests = sent.length;
    const toNewest = [...sent];
    await page.waitForFunction(
      (n) =>
        Number(document.querySelector("section.list")?.getAttribute("data-count") ?? 0) >= n &&
        (document.querySelector("[data-testid=sync-status]")?.textContent ?? "").includes(
          "All changes synced",
        ),
      account.notes,
      { timeout: WAIT, polling: 100 },
    );
    const listed = Date.now() - started;
    sent.length = 0;
    counting = true;
    await page.getByRole("link", { name: "Settings" }).first().click();
    await page.getByRole("heading", { name: "Signed-in devices" }).waitFor({ timeout: WAIT });
    await page.waitForTimeout(1_000);
    return { newest, listed, requests, sent: toNewest, settings: [...sent] };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function main() {
  const server = await startBenchServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const account = await seededOnce(`notes-${NOTES}`, () =>
      seedAccount(server.baseUrl, "bench", NOTES),
    );
    // The server's and the browser's first answers are not what a person meets.
    for (const transport of TRANSPORTS)
      await signInOnce(browser, server.baseUrl, account, transport);
    const samples: Record<Transport, Sample[]> = { trpc: [], "trpc-unbatched": [], rest: [] };
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      // Each round in another order, so no transport always runs first.
      const order = TRANSPORTS.map((_, i) => TRANSPORTS[(i + round_) % TRANSPORTS.length]!);
      for (const transport of order)
        samples[transport].push(await signInOnce(browser, server.baseUrl, account, transport));
    }
    const results = TRANSPORTS.map((transport) => ({
      transport,
      newestMs: round(median(samples[transport].map((s) => s.newest))),
      listedMs: round(median(samples[transport].map((s) => s.listed))),
      requests: median(samples[transport].map((s) => s.requests)),
      newestRuns: samples[transport].map((s) => round(s.newest)),
      sentToNewest: samples[transport][0]?.sent ?? [],
      sentOpeningSettings: samples[transport][0]?.settings ?? [],
    }));
    console.log(`${NOTES} notes, ${ROUNDS} rounds, medians:`);
    for (const r of results)
      console.log(
        `${r.transport.padEnd(16)} sign-in → newest ${String(r.newestMs).padStart(7)} ms   every note listed ${String(r.listedMs).padStart(7)} ms   requests to newest ${r.requests}`,
      );
    for (const r of results)
      console.log(`${r.transport}, to newest: ${r.sentToNewest.join(" · ")}`);
    for (const r of results)
      console.log(`${r.transport}, opening Settings: ${r.sentOpeningSettings.join(" · ")}`);
    writeFileSync(
      path.join(benchDir, "test-results/bench-transport.json"),
      JSON.stringify({ notes: NOTES, rounds: ROUNDS, results }, null, 2),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
