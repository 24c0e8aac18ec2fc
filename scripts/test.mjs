// `pnpm test`: every vitest project. With no arguments the unit project runs in a
// vitest process of its own beside the others (integration, pooled, fault): vitest 4
// will not give one project two workers while another runs its files one at a time
// ("different 'maxWorkers' but same 'sequence.groupOrder'"), and the integration files
// mostly wait on their server, so the second core would sit idle. Once the unit tests
// are done, that process's place is taken by the integration files marked
// `// integration: own lane` (scripts/test-markers.mjs), against a server of their own,
// while the rest go on beside them (TEST_LANE=main leaves those out): one integration
// file after another took all of the 313 s here, the unit tests 68 of them; split so,
// 271 s (265–289 s on a fresh clone, the build included, against 367). On Postgres
// (DATABASE_URL) every integration file runs in the one process as before: each
// process's setup resets the database. The held reports are printed after the others',
// so none interleave. With arguments (`pnpm test --project unit`, a file, `-t …`) it is
// one plain `vitest run`.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { integrationFilesMarked } from "./test-markers.mjs";

const root = path.join(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules/.bin/vitest");
const args = process.argv.slice(2);

const children = new Set();
/** Set by a signal: `start` starts nothing more (the own lane waits on the unit run). */
let interrupted = false;
// A signal to this process alone (a timeout, a process manager) is passed on as the
// interrupt vitest stops on, so no run goes on without it. (Servers a global setup
// started outlive a signalled vitest either way; Ctrl-C in a terminal reaches them too.)
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of children) child.kill("SIGINT");
  });
}

/**
 * Runs `command`; `capture` holds its output (`output`) instead of printing it. After a
 * signal it starts nothing and answers exit code 130.
 */
function start(command, args, { capture = false, env = {} } = {}) {
  if (interrupted) return { code: Promise.resolve(130), output: [] };
  const child = spawn(command, args, {
    stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...env },
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const output = [];
  if (capture) {
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
  }
  const code = new Promise((resolve) => {
    child.once("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
  return { code, output };
}

const run = (args, options) => start(vitest, ["run", ...args], options);

/** Prints a held report after the others', under `title`; nothing when it holds none. */
function printHeld(title, held) {
  if (!held || held.output.length === 0) return;
  console.log(`\n==> ${title}\n`);
  process.stdout.write(Buffer.concat(held.output));
}
/** Every project but the unit tests. */
const OTHERS = ["--project", "integration", "--project", "pooled", "--project", "fault"];

if (args.length > 0) {
  process.exitCode = await run(args).code;
} else if (process.env.DATABASE_URL) {
  console.log("unit tests run beside the others; their report follows the others'.\n");
  const unit = run(["--project", "unit"], { capture: true });
  const restCode = await run(OTHERS).code;
  const unitCode = await unit.code;
  printHeld("unit tests", unit);
  process.exitCode = restCode || unitCode;
} else {
  const own = integrationFilesMarked(root, "own lane");
  console.log(
    `unit tests run beside the others, then the ${own.length} own-lane integration files;` +
      " their reports follow the others'.\n",
  );
  // Both integration processes need the web app's build: made once, before either starts
  // (each global setup would otherwise make it, and two builds in one directory clash).
  const built = existsSync(path.join(root, "apps/web/.next/BUILD_ID"))
    ? Promise.resolve(0)
    : start("pnpm", ["build"]).code;
  const unit = run(["--project", "unit"], { capture: true });
  const main = built.then((code) =>
    code === 0 ? run(OTHERS, { env: { TEST_LANE: "main" } }).code : code,
  );
  // (No file marked: nothing to run. Without file filters it would run every file.)
  const ownLane = Promise.all([built, unit.code]).then(([code]) =>
    code === 0 && own.length > 0
      ? run(["--project", "integration", ...own], { capture: true, env: { TEST_LANE: "own" } })
      : undefined,
  );
  const mainCode = await main;
  const unitCode = await unit.code;
  const ownRun = await ownLane;
  const ownCode = ownRun ? await ownRun.code : await built;
  printHeld("unit tests", unit);
  printHeld("integration files in their own lane", ownRun);
  process.exitCode = mainCode || unitCode || ownCode;
}
