// `pnpm start` builds the UI on first run, so the quick start is one command.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(new URL("../.next/BUILD_ID", import.meta.url))) {
  console.log("First start: building the web UI (once)…");
  execSync("pnpm exec next build", { stdio: "inherit", cwd: new URL("..", import.meta.url) });
}
