import { configDefaults, defineConfig } from "vitest/config";
import { integrationFilesMarked } from "./scripts/test-markers.mjs";

/**
 * TEST_SCOPE=database (CI's second run, on Postgres) leaves out the integration files
 * whose first lines say `// integration: database-independent`: what they check (the
 * packed SDK, the CLIs, transport and mount parity, path escapes, request limits)
 * cannot differ by database, so they run once, on the embedded one. Unset, every
 * file runs, whatever the database.
 */
const scope = process.env.TEST_SCOPE ?? "all";
if (scope !== "all" && scope !== "database") {
  throw new Error(`TEST_SCOPE must be "all" or "database", not "${scope}"`);
}
const databaseIndependent =
  scope === "database" ? integrationFilesMarked(import.meta.dirname, "database-independent") : [];

/**
 * TEST_LANE=main (`pnpm test` without arguments, scripts/test.mjs) leaves out the files
 * marked `// integration: own lane`: the wrapper runs those in a vitest process of its
 * own, beside this one, once the unit tests are done. Unset, every file runs here.
 */
const lane = process.env.TEST_LANE ?? "all";
if (lane !== "all" && lane !== "main" && lane !== "own") {
  throw new Error(`TEST_LANE must be "all", "main" or "own", not "${lane}"`);
}
const ownLane = lane === "main" ? integrationFilesMarked(import.meta.dirname, "own lane") : [];

/**
 * The /v1 files the pooled project runs again, unchanged, against the deployment
 * behind a transaction pooler: every one talks only HTTP (and the sidecar's
 * sockets), and together they cover sign-up, sign-in, notes, appends, the change
 * sequence, storage accounting under racing writers, sharing roles, recovery and
 * session revocation, and attachments (chunks in the database, through the pooler).
 * (Files that also reach into the database directly, or start
 * servers of their own, stay in the integration project.)
 */
const POOLED_FILES = [
  "accounts",
  "account",
  "sign-in",
  "sessions",
  "recover",
  "recovery-key",
  "keypair",
  "notes",
  "changes",
  "revisions",
  "storage",
  "roles",
  "concurrency",
  "conformance",
  "realtime",
  "attachments",
].map((name) => `apps/web/test/${name}.test.ts`);

// One vitest run covers every package: unit tests colocated in packages/*,
// the web app's browser modules (IndexedDB faked), integration tests (real HTTP
// against the self-hosted server) in apps/web/test, and the pooled project: some
// of those again through `next start` behind PgBouncer (test/pooled/), and the
// fault project: failover between clusters it makes itself (test/fault/).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/web/{ui,vault}/**/*.test.ts",
            "apps/web/*.test.ts",
            "apps/realtime/src/**/*.test.ts",
          ],
          environment: "node",
          // Unit files share no server and reset their own fakes: one module graph per
          // worker thread instead of one per file (3m20s to 1m40s of the suite, most of
          // it importing libsodium and the SDK again for each of 160 files).
          pool: "threads",
          isolate: false,
          // A file that opens a scratch database (every migration, in WASM when
          // embedded) did so in 11 s once on a loaded machine: past the default 10 s.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/web/test/**/*.test.ts"],
          exclude: [
            ...configDefaults.exclude,
            "apps/web/test/{pooled,fault}/**",
            ...databaseIndependent,
            ...ownLane,
          ],
          globalSetup: ["apps/web/test/global-setup.ts"],
          // A ceiling, not a measure: beside the e2e lane on a slow machine, servers a
          // file starts took 25–30 s to come up.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Files run one after another against the one server; they talk to it over
          // HTTP, so they need not re-import the SDK and its crypto for each file.
          isolate: false,
        },
      },
      {
        test: {
          name: "pooled",
          include: [...POOLED_FILES, "apps/web/test/pooled/**/*.test.ts"],
          globalSetup: ["apps/web/test/pooled/global-setup.ts"],
          setupFiles: ["apps/web/test/pooled/skip-unless-pooled.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Faults that need clusters of their own (root, Debian's pg_createcluster):
        // the failover test makes a primary and a synchronous standby, about a
        // minute. Its own step: `pnpm test --project fault` (README, Tests).
        test: {
          name: "fault",
          include: ["apps/web/test/fault/**/*.test.ts"],
          testTimeout: 150_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
