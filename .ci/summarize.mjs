// Prints one closing line over every vitest and Playwright JSON report:
// "N passed, N failed, N skipped", preceded by the name of every failed test (file and
// title, and the first line of its error), so a log cut short still says what broke.
// Exits non-zero when anything failed.
import { existsSync, readFileSync } from "node:fs";
import { basename, relative } from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const firstLine = (text) =>
  String(text ?? "")
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
    .split("\n")
    .find((l) => l.trim()) ?? "";

// Playwright nests suites; a spec's tests carry their results.
function playwrightFailures(suites, report, file) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const last = t.results?.at(-1);
        failures.push(
          `${report}: ${spec.file ?? file}:${spec.line} › ${spec.title} — ${firstLine(last?.error?.message)}`,
        );
      }
    }
    playwrightFailures(suite.suites, report, suite.file ?? file);
  }
}

for (const file of process.argv.slice(2)) {
  const report = basename(file, ".json");
  // A suite that died before writing its report (a crashed global setup) is a failure.
  if (!existsSync(file)) {
    failures.push(`${report}: no report (the suite died before writing ${file})`);
    failed += 1;
    continue;
  }
  const json = JSON.parse(readFileSync(file, "utf8"));
  if (json.stats && "expected" in json.stats) {
    // Playwright: flaky tests passed on retry; errors outside tests (global setup) fail too.
    passed += json.stats.expected + json.stats.flaky;
    failed += json.stats.unexpected + (json.errors?.length ?? 0);
    skipped += json.stats.skipped;
    playwrightFailures(json.suites, report);
    for (const error of json.errors ?? [])
      failures.push(`${report}: outside any test — ${firstLine(error.message)}`);
  } else {
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
    for (const result of json.testResults ?? []) {
      const where = relative(process.cwd(), result.name);
      const failedTests = (result.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of failedTests)
        failures.push(`${report}: ${where} › ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
      // A file that failed to load (or whose hooks threw) has no failed test of its own.
      if (result.status === "failed" && failedTests.length === 0)
        failures.push(`${report}: ${where} — ${firstLine(result.message)}`);
    }
  }
}
if (failures.length > 0) {
  console.log(`\n==> failed (${failures.length})`);
  const shown = failures.slice(0, 80);
  for (const line of shown) console.log(`  ${line.slice(0, 300)}`);
  if (failures.length > shown.length) console.log(`  … and ${failures.length - shown.length} more`);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
