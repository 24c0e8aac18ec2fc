// The offline shell's service worker (shell/sw.js), with the build's scripts and styles
// in its PRECACHE list: it caches them while it installs, when Chromium compiles them at
// once and keeps their code cache, so the first reload runs compiled code. Rendered when
// the app is built (force-static), from the files Next wrote to .next/static, so each
// build's worker differs from the last and browsers install it anew.
import { readFileSync } from "node:fs";
import path from "node:path";
import { shellWorker, staticFiles } from "../../shell/shell-worker";

export const dynamic = "force-static";

export function GET(): Response {
  const root = process.cwd();
  const source = readFileSync(path.join(root, "shell/sw.js"), "utf8");
  const assets = staticFiles(path.join(root, ".next/static"), "/_next/static");
  return new Response(shellWorker(source, assets), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
