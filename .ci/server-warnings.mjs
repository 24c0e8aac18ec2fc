// After a failed run: what the servers the tests started said at warn level and above
// (test-results/*.log, pino JSON lines), one line each with the innermost error, so
// the record of a CI run shows the server's side of a failure (a 503 says only that
// the database could not be reached; the log says why). The last 60 lines in time.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? "test-results";
const lines = [];
let names = [];
try {
  names = readdirSync(dir).filter((name) => name.endsWith(".log"));
} catch {
  process.exit(0);
}
for (const name of names) {
  for (const text of readFileSync(path.join(dir, name), "utf8").split("\n")) {
    if (!text.startsWith("{")) continue;
    let entry;
    try {
      entry = JSON.parse(text);
    } catch {
      continue;
    }
    if ((entry.level ?? 0) < 40) continue;
    let err = entry.err;
    for (let depth = 0; err?.cause && depth < 6; depth++) err = err.cause;
    const why = err
      ? ` — ${err.code ?? err.type ?? ""} ${String(err.message ?? "").slice(-160)}`
      : "";
    lines.push([entry.time ?? 0, `${name}: ${entry.msg}${why}`.replace(/\s+/g, " ")]);
  }
}
if (lines.length === 0) process.exit(0);
lines.sort((a, b) => a[0] - b[0]);
console.log(`\n==> what the test servers logged at warn and above (${lines.length}; the last 60)`);
for (const [time, line] of lines.slice(-60))
  console.log(`  ${new Date(time).toISOString().slice(11, 23)} ${line.slice(0, 300)}`);
