// Global setup of the large-account journey (`pnpm test:large`, issue 35): the account
// of BENCH_NOTES notes (default 100,000) that `pnpm bench:web` seeds, seeded here first
// when the bench's data directory does not hold it yet (about 15 minutes at 100,000),
// then a server on a fresh copy of that directory, so the journey's edits never change
// what the bench measures. The returned function is the global teardown.
import { execSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { seedAccount } from "../../../e2e/fixtures/seed";
import { repoRoot } from "../../../e2e/fixtures/server";
import { benchDataDir, benchDir, seededOnce, startBenchServer } from "../server";

export const LARGE_NOTES = Number(process.env.BENCH_NOTES ?? 100_000);
const copyDir = path.join(benchDir, "test-results/large-journey-data");

export default async function setup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(repoRoot, "apps/web/.next/BUILD_ID"))) {
    console.log("[large] no Next build (apps/web/.next/BUILD_ID): running `pnpm build`");
    execSync("pnpm build", { cwd: repoRoot, stdio: "inherit" });
  }
  const name = `notes-${LARGE_NOTES}`;
  // Answered from the accounts file when seeded before; otherwise seeded on a server of
  // the bench's own directory, stopped before that directory is copied.
  let seeder: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  const account = await seededOnce(name, async () => {
    console.log(`[large] seeding ${LARGE_NOTES} notes into ${benchDataDir} (once)`);
    seeder = await startBenchServer();
    return seedAccount(seeder.baseUrl, "bench", LARGE_NOTES, {
      operatorToken: seeder.operatorToken,
    });
  });
  await seeder?.stop();
  rmSync(copyDir, { recursive: true, force: true });
  cpSync(benchDataDir, copyDir, { recursive: true });
  const server = await startBenchServer(copyDir);
  process.env.LARGE_BASE_URL = server.baseUrl;
  process.env.LARGE_ACCOUNT = JSON.stringify(account);
  return async () => {
    await server.stop();
    rmSync(copyDir, { recursive: true, force: true });
  };
}
