// The whole server-side HTTP surface as one Fetch handler, imported by both
// mounts: the self-hosted node:http server and Next.js route handlers. It owns
// /v1 (REST and the OpenAPI document), /api/trpc (the web client) and /problems.
import { type Core, checkHealth } from "@notes/core";
import { buildOpenApiDocument } from "./openapi/document";
import { createOpsHandler } from "./ops/handler";
import { problemPage } from "./problems/pages";
import { preflightReply, withCors } from "./rest/cors";
import { type Reply, type RestRequest, restRequestOf, toResponse } from "./rest/exchange";
import { createRestHandler } from "./rest/handler";
import { OutageGate } from "./rest/outage-gate";
import {
  databaseUnreachable,
  errorToProblem,
  problemReply,
  problemResponse,
} from "./rest/problem-response";
import { requestIdOf } from "./rest/request-id";
import { appRouter } from "./routers";
import { createTrpcEndpoint, TRPC_ENDPOINT } from "./trpc-endpoint";

export interface ClientInfo {
  /** The client's address as the mount determined it. */
  ip: string;
}

export { TRPC_ENDPOINT };

export const isV1Path = (pathname: string): boolean =>
  pathname === "/v1" || pathname.startsWith("/v1/");

export const isTrpcPath = (pathname: string): boolean => pathname.startsWith(`${TRPC_ENDPOINT}/`);

/** Whether a path belongs to this handler (everything else is the UI's). */
export function ownsPath(pathname: string): boolean {
  return (
    isV1Path(pathname) ||
    isTrpcPath(pathname) ||
    pathname === "/problems" ||
    pathname.startsWith("/problems/") ||
    pathname.startsWith("/ops/") ||
    pathname.startsWith("/docs/")
  );
}

export interface HttpHandlerOptions {
  /** Enables /ops/v1 (contract.md §10); absent → every /ops route is 404. */
  operatorToken?: string | undefined;
  /**
   * Files served at /docs/{name}, linked from the OpenAPI document: Markdown pages
   * (the client-side scheme) and JSON known-answer vectors, typed by their extension.
   */
  docs?: Record<string, string>;
  /**
   * The database could not be reached (a request failed, or a background job told
   * `databaseUnreachable`), and again once it is reached: the back end replaces its
   * pooled connections (Database.discardConnections; outage-gate.ts says why twice).
   */
  onDatabaseUnreachable?: () => void;
}

export function createHttpHandler(core: Core, options: HttpHandlerOptions = {}) {
  const gate = new OutageGate(() => checkHealth(core), options.onDatabaseUnreachable);
  const rest = createRestHandler({ router: appRouter, core, gate });
  const ops = createOpsHandler(core, options.operatorToken, gate);
  const trpc = createTrpcEndpoint(core, gate);
  // Built at start: a procedure the generator cannot document fails the boot, not a request.
  const openApiJson = JSON.stringify(buildOpenApiDocument(appRouter, core.config.publicUrl));

  /** /v1: REST, its preflights and the OpenAPI document (exchange.ts says why not Fetch). */
  async function handleV1(request: RestRequest, client: ClientInfo): Promise<Reply> {
    const requestId = requestIdOf(request);
    if (request.method === "OPTIONS") return preflightReply(requestId);
    if (
      request.url.pathname === "/v1/openapi.json" &&
      (request.method === "GET" || request.method === "HEAD")
    ) {
      return withCors({
        status: 200,
        headers: {
          "Content-Type": "application/json",
          "X-Request-Id": requestId,
          "Cache-Control": "public, max-age=300",
        },
        body: request.method === "HEAD" ? null : openApiJson,
      });
    }
    if (gate.isDown()) return withCors(databaseUnreachable(requestId, core.config.publicUrl));
    const userAgent = request.headers.get("user-agent") ?? "";
    try {
      return withCors(await rest(request, { ip: client.ip, userAgent, requestId }));
    } catch (error) {
      // The adapter answers every failure it knows of; anything else still leaves as
      // a problem with the request id and the CORS headers, never as a bare 500.
      const problem = errorToProblem(error, requestId, core.log, () => gate.trip());
      return withCors(problemReply(core.config.publicUrl, requestId, problem));
    }
  }

  /**
   * /api/trpc without Fetch objects (trpc-direct.ts): undefined, decided before the
   * body is read, for a request only tRPC's Fetch adapter answers (the mount then
   * passes it to the Fetch handler).
   */
  function handleTrpc(request: RestRequest, client: ClientInfo): Promise<Reply> | undefined {
    const requestId = requestIdOf(request);
    if (gate.isDown())
      return Promise.resolve(databaseUnreachable(requestId, core.config.publicUrl));
    return trpc.direct(request, client.ip, requestId);
  }

  async function handle(request: Request, client: ClientInfo): Promise<Response> {
    const url = new URL(request.url);
    if (isV1Path(url.pathname)) {
      return toResponse(await handleV1(restRequestOf(request, url), client));
    }
    if (isTrpcPath(url.pathname)) {
      const answer = handleTrpc(restRequestOf(request, url), client);
      if (answer) return toResponse(await answer);
    }
    const requestId = requestIdOf(request);
    if (url.pathname.startsWith("/docs/")) {
      const name = url.pathname.slice("/docs/".length);
      const text = Object.hasOwn(options.docs ?? {}, name) ? options.docs?.[name] : undefined;
      if (text === undefined)
        return problemResponse(core.config.publicUrl, requestId, { slug: "not-found" });
      return new Response(text, {
        headers: {
          "Content-Type": name.endsWith(".json")
            ? "application/json"
            : "text/markdown; charset=utf-8",
          "X-Request-Id": requestId,
          "Cache-Control": "public, max-age=300",
        },
      });
    }
    if (url.pathname === "/problems" || url.pathname.startsWith("/problems/")) {
      const page = problemPage(url.pathname.split("/")[2]);
      if (page) {
        page.headers.set("X-Request-Id", requestId);
        return page;
      }
      return problemResponse(core.config.publicUrl, requestId, { slug: "not-found" });
    }
    const usesDatabase = url.pathname.startsWith("/ops/") || isTrpcPath(url.pathname);
    if (usesDatabase && gate.isDown())
      return toResponse(databaseUnreachable(requestId, core.config.publicUrl));
    if (url.pathname.startsWith("/ops/")) return ops(request, requestId, client.ip);
    if (isTrpcPath(url.pathname)) return trpc.viaFetch(request, url, client.ip, requestId);
    return problemResponse(core.config.publicUrl, requestId, { slug: "not-found" });
  }

  /**
   * The Fetch handler (every mount), with `v1` and `trpc` for mounts that can skip the
   * Fetch objects, and `databaseUnreachable` for work outside a request (the key
   * transparency epoch job) that found the database unreachable: it trips the gate
   * as a failed request would, so stale connections are replaced then, not when a
   * request meets one later.
   */
  return Object.assign(handle, {
    v1: handleV1,
    trpc: handleTrpc,
    databaseUnreachable: () => gate.trip(),
  });
}

export type HttpHandler = ReturnType<typeof createHttpHandler>;
