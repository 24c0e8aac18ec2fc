// The realtime sidecar (`pnpm realtime`, Postgres mode): one process that holds
// every feed and room WebSocket, told about changes by any number of app
// instances through Postgres LISTEN/NOTIFY. Plain HTTP gets /health and 404.
import { createServer } from "node:http";
import { openPostgres } from "@notes/db";
import { coreAccess, createRealtime, followEvents } from "@notes/realtime";
import pino from "pino";
import { loadEnv } from "./env";

async function main() {
  const env = loadEnv();
  const log = pino({ level: env.LOG_LEVEL, base: undefined });
  const database = openPostgres({ url: env.DIRECT_URL, poolSize: 5 });
  const realtime = createRealtime({
    access: coreAccess(database.db),
    log,
    publicUrl: env.PUBLIC_URL,
  });
  const unfollow = await followEvents(database, realtime, log);

  const server = createServer((req, res) => {
    if (req.url === "/health") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ status: "ok", ...realtime.stats() }));
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
  });
  server.on("upgrade", (req, socket, head) => {
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    if (realtime.handles(pathname)) realtime.handleUpgrade(req, socket, head);
    else socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    setTimeout(() => process.exit(1), 10_000).unref();
    await realtime.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await unfollow();
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
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
