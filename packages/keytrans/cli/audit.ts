// pnpm kt:audit --server https://notes.example
// Replays the server's key-transparency log from epoch 1 and checks every head
// (docs/key-transparency.md, "Auditing"). Exit code 0 when all hold, 1 otherwise.
import { AuditFailed, auditLog, LogReader } from "../src/index";
import { parseArgs } from "./args";

const args = parseArgs(process.argv.slice(2));
const server = args.get("server");
if (!server) {
  console.error("usage: pnpm kt:audit --server URL");
  process.exit(2);
}
try {
  const started = performance.now();
  const report = await auditLog(new LogReader(server), (epoch) => {
    if (epoch % 1000 === 0) console.log(`… epoch ${epoch}`);
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(JSON.stringify({ ok: true, seconds: Number(seconds), ...report }, null, 2));
} catch (error) {
  if (!(error instanceof AuditFailed)) throw error;
  console.error(`AUDIT FAILED at ${error.message}`);
  process.exit(1);
}
