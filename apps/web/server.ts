// The self-hosted server (`pnpm start`): one Node process that owns the database
// (required in embedded mode), hands /v1, /api/trpc and /problems straight to the
// handler (/v1 and the usual tRPC calls without Fetch objects) and everything else
// to Next.js; in embedded mode it also serves
// the realtime WebSocket paths (server/realtime.ts). Shuts down cleanly on SIGINT and
// SIGTERM so the embedded database is flushed and its lock released.
import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import { isTrpcPath, isV1Path, ownsPath, requestIdFrom } from "@notes/api";
import { type Backend, DataDirLocked, startBackend } from "@notes/server";
import next from "next";
import { loadEnv } from "./env";
import { clientIp, type ProxyTrust } from "./server/client-ip";
import { CLIENT_IP_HEADER, probeRequest, registerLinkProbe } from "./server/link-page-state";
import {
  headerReader,
  restRequestFrom,
  sendReply,
  sendResponse,
  toRequest,
} from "./server/node-bridge";
import { markSelfHosted } from "./server/proxy-decision";
import { attachRealtime } from "./server/realtime";

/** The self-hosted server faces clients itself unless TRUST_PROXY says otherwise. */
const NO_PROXY: ProxyTrust = { kind: "none" };

const dev = process.argv.includes("--dev");

async function main() {
  const env = loadEnv();
  let backend: Backend;
  try {
    backend = await startBackend(env);
  } catch (error) {
    if (error instanceof DataDirLocked) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = backend.core.log;
  // Next attaches its own 'upgrade' listener to the server of the first request it
  // sees, and in production that listener ends every upgrade whose path matches an
  // app route (/v1/[...path] matches the relay's /v1/feed and /v1/rooms/{id}). It
  // gets a stand-in server instead; upgrades are routed below (Next's dev reload too).
  markSelfHosted();
  // A share link's page is 410 once the link ended, 404 for none (proxy.ts asks this).
  registerLinkProbe((id, request) =>
    backend.handler(probeRequest(id, env.PUBLIC_URL), {
      ip: request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
    }),
  );
  const ui = next({
    dev,
    dir: import.meta.dirname,
    quiet: true,
    httpServer: new EventEmitter() as unknown as Server,
  });
  await ui.prepare();
  const renderUi = ui.getRequestHandler();

  const server = createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    if (!ownsPath(pathname)) {
      // Every response carries X-Request-Id (contract.md §1), the UI's pages too;
      // proxy.ts echoes the same id on the pages it handles.
      const requestId = requestIdFrom(req.headers["x-request-id"]);
      req.headers["x-request-id"] = requestId;
      res.setHeader("X-Request-Id", requestId);
      // For the share-link probe proxy.ts makes; whatever the client sent is replaced.
      req.headers[CLIENT_IP_HEADER] = clientIp(
        headerReader(req),
        req.socket.remoteAddress,
        env.TRUST_PROXY ?? NO_PROXY,
      );
      renderUi(req, res).catch((error: unknown) => {
        log.error({ err: error }, "ui request failed");
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    // /v1 and the usual /api/trpc calls read node:http and answer it themselves: no
    // Fetch Request, body stream or Response (a write's server CPU halved, issue 39).
    if (isV1Path(pathname) || isTrpcPath(pathname)) {
      const { request, finish } = restRequestFrom(req, env.PUBLIC_URL);
      const ip = clientIp(request.headers, req.socket.remoteAddress, env.TRUST_PROXY ?? NO_PROXY);
      const answer = isV1Path(pathname)
        ? backend.handler.v1(request, { ip })
        : backend.handler.trpc(request, { ip });
      if (answer) {
        answer
          .then((reply) => {
            finish();
            sendReply(res, reply);
          })
          .catch((error: unknown) => {
            log.error({ err: error }, "request failed");
            if (!res.headersSent) res.writeHead(500).end();
          });
        return;
      }
      // Not a call the direct path takes (its body untouched): tRPC's Fetch adapter.
    }
    toRequest(req, env.PUBLIC_URL)
      .then(async (request) => {
        const ip = clientIp(request.headers, req.socket.remoteAddress, env.TRUST_PROXY ?? NO_PROXY);
        const response = await backend.handler(request, { ip });
        // A body the handler never read (refused early) is drained, not left
        // blocking the connection.
        if (!req.complete && request.body && !request.body.locked)
          request.body.cancel().catch(() => {});
        return sendResponse(res, response);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "request failed");
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  server.keepAliveTimeout = 65_000;
  // Next's dev server upgrades its own paths (hot reload); production has none.
  const realtime = await attachRealtime(server, backend, dev ? ui.getUpgradeHandler() : undefined);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // A shutdown that cannot finish must not leave a process holding the data dir.
    setTimeout(() => {
      log.error({}, "shutdown took over 20 s; exiting");
      process.exit(1);
    }, 20_000).unref();
    await realtime?.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 5_000);
    await closed;
    clearTimeout(force);
    log.info({}, "connections closed");
    await ui.close?.().catch(() => {});
    await backend.close();
    log.info({}, "stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    log.info({ port, database: backend.database.kind }, `listening on http://localhost:${port}`);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
