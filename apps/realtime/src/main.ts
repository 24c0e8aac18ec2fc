// The realtime sidecar (`pnpm realtime`, Postgres mode): one process that holds
// every feed and room WebSocket, told about changes by any number of app
// instances through Postgres LISTEN/NOTIFY. Plain HTTP gets /health and 404.
import { createServer } from "node:http";
// The relay alone: the sidecar loads no HTTP surface.
import { startRelay } from "@notes/server/relay";
import { openSidecar, SidecarRefused } from "@notes/server/sidecar";
import { loadEnv } from "./env";

async function main() {
  const env = loadEnv();
  const { database, log } = await openSidecar({
    directUrl: env.DIRECT_URL,
    logLevel: env.LOG_LEVEL,
  });
  const relay = await startRelay(database, log, env.PUBLIC_URL);

  const server = createServer((req, res) => {
    if (req.url === "/health") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ status: "ok", ...relay.stats() }));
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
  });
  server.on("upgrade", relay.upgrade());

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    setTimeout(() => process.exit(1), 10_000).unref();
    await relay.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
    log.info({}, "stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  server.listen(env.REALTIME_PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.REALTIME_PORT;
    log.info({ port, publicUrl: env.PUBLIC_URL }, `realtime listening on ws://localhost:${port}`);
  });
}

main().catch((error: unknown) => {
  if (error instanceof SidecarRefused) console.error(`\n${error.message}\n`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
