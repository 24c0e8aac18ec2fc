import { defineConfig } from "vitest/config";

// One vitest run covers every package: unit tests colocated in packages/*,
// the web app's browser modules (IndexedDB faked), integration tests (real HTTP
// against the self-hosted server) in apps/web/test.
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
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/web/test/**/*.test.ts"],
          globalSetup: ["apps/web/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
