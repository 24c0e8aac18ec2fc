// Integration files say how they may be run in their first lines, as a comment:
//   `// integration: database-independent`: what it checks cannot differ by database,
//     so CI runs it once, on the embedded database (vitest.config.ts, TEST_SCOPE);
//   `// integration: own lane`: it needs nothing the other files leave behind (most
//     such files wait on processes of their own: a packed SDK, CLIs, servers and fakes
//     they start), so `pnpm test` runs it in a vitest process of its own, against a
//     server of its own, once the unit tests are done, beside the rest (scripts/test.mjs,
//     TEST_LANE).
// Read by vitest.config.ts and scripts/test.mjs alike.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const INTEGRATION_DIR = "apps/web/test";

/**
 * The integration files (paths from the repository's root) whose first lines carry
 * `// integration: <marker>`.
 *
 * @param {string} root the repository's root
 * @param {"database-independent" | "own lane"} marker
 * @returns {string[]}
 */
export function integrationFilesMarked(root, marker) {
  const dir = path.join(root, INTEGRATION_DIR);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".test.ts"))
    .filter((file) =>
      readFileSync(path.join(dir, file), "utf8")
        .slice(0, 2000)
        .includes(`// integration: ${marker}`),
    )
    .sort()
    .map((file) => `${INTEGRATION_DIR}/${file}`);
}
