// CORS for /v1 (contract.md §11): third-party clients may run in browsers, and
// authentication is a bearer token, never a cookie, so any origin may call without
// credentials. /ops and the web app's /api/trpc stay same-origin (no headers).
import type { Reply } from "./exchange";

const ALLOW_HEADERS =
  "Authorization, Content-Type, Device-Token, If-Match, If-None-Match, X-Request-Id";
const EXPOSE_HEADERS = "ETag, Location, Retry-After, X-Request-Id, WWW-Authenticate";
const METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";

/** The answer to a preflight (or any OPTIONS) on a /v1 path. */
export function preflightReply(requestId: string): Reply {
  return {
    status: 204,
    body: null,
    headers: {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": METHODS,
      "Access-Control-Allow-Headers": ALLOW_HEADERS,
      "Access-Control-Max-Age": "600",
      "X-Request-Id": requestId,
    },
  };
}

/** Marks a /v1 answer readable by any origin, with the headers clients need. */
export function withCors(reply: Reply): Reply {
  reply.headers["Access-Control-Allow-Origin"] = "*";
  reply.headers["Access-Control-Expose-Headers"] = EXPOSE_HEADERS;
  return reply;
}
