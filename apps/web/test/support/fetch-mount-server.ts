// The Next route handlers' mount without a Next build, for tests: a node:http
// server that hands every request, as a Fetch Request, to the very function the
// route handlers export (server/next-backend.ts). It runs the Fetch handler's own
// paths (/v1 included), which the self-hosted server skips for /v1.
import { createServer } from "node:http";
import { loadEnv } from "../../env";
import { handleWithBackend } from "../../server/next-backend";
import { sendResponse, toRequest } from "../../server/node-bridge";

const env = loadEnv();
createServer((req, res) => {
  toRequest(req, env.PUBLIC_URL)
    .then(async (request) => {
      const response = await handleWithBackend(request);
      if (!req.complete && request.body && !request.body.locked)
        request.body.cancel().catch(() => {});
      await sendResponse(res, response);
    })
    .catch((error: unknown) => {
      // Next would answer a bare 500 here too: the test sees it as a failure.
      console.error(error);
      if (!res.headersSent) res.writeHead(500).end();
    });
}).listen(env.PORT, "127.0.0.1");
