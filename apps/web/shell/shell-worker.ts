// The offline shell's service worker as served (app/sw.js/route.ts): shell/sw.js with the
// build's scripts and styles in its PRECACHE list.
import { readdirSync } from "node:fs";
import path from "node:path";

/** Every .js and .css file under `dir`, as `prefix/…` paths, sorted. */
export function staticFiles(dir: string, prefix: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .flatMap((entry) => {
      const at = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) return staticFiles(path.join(dir, entry.name), at);
      return /\.(js|css)$/.test(entry.name) ? [at] : [];
    })
    .sort();
}

const EMPTY = "const PRECACHE = [];";

/** shell/sw.js's `source` with `assets` as its PRECACHE list. */
export function shellWorker(source: string, assets: string[]): string {
  if (!source.includes(EMPTY)) throw new Error(`shell/sw.js has no "${EMPTY}" line`);
  return source.replace(EMPTY, `const PRECACHE = ${JSON.stringify(assets)};`);
}
