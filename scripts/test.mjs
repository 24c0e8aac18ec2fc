// `pnpm test`: every vitest project. With no arguments the unit project runs in a
// vitest process of its own beside the others (integration, pooled, fault): vitest 4
// will not give one project two workers while another runs its files one at a time
// ("different 'maxWorkers' but same 'sequence.groupOrder'"), and the integration files
// mostly wait on their server, so the second core would sit idle. The unit report is
// held and printed after the others', so the two never interleave. With arguments
// (`pnpm test --project unit`, a file, `-t …`) it is one plain `vitest run`.
import { spawn } from "node:child_process";
import path from "node:path";

const vitest = path.join(import.meta.dirname, "../node_modules/.bin/vitest");
const args = process.argv.slice(2);

const children = new Set();
// A signal to this process alone (a timeout, a process manager) is passed on as the
// interrupt vitest stops on, so neither run goes on without it. (Servers a global setup
// started outlive a signalled vitest either way; Ctrl-C in a terminal reaches them too.)
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill("SIGINT");
  });
}

function run(extra, capture) {
  const child = spawn(vitest, ["run", ...extra], {
    stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
    env: process.env,
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

if (args.length > 0) {
  process.exitCode = await run(args, false).code;
} else {
  console.log("unit tests run beside the others; their report follows the others'.\n");
  const unit = run(["--project", "unit"], true);
  const rest = run(
    ["--project", "integration", "--project", "pooled", "--project", "fault"],
    false,
  );
  const restCode = await rest.code;
  const unitCode = await unit.code;
  console.log("\n==> unit tests\n");
  process.stdout.write(Buffer.concat(unit.output));
  process.exitCode = restCode || unitCode;
}
