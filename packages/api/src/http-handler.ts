// The whole server-side HTTP surface as one Fetch handler, imported by both
// mounts: the self-hosted node:http server and Next.js route handlers. It owns
// /v1 (REST and the OpenAPI document), /api/trpc (the web client) and /problems.
import { type Core, checkHealth } from "@notes/core";
import { isUnavailable } from "@notes/db";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { buildOpenApiDocument } from "./openapi/document";
import { createOpsHandler } from "./ops/handler";
import { problemPage } from "./problems/pages";
import { isPreflight, preflightResponse, withCors } from "./rest/cors";
import { createRestHandler } from "./rest/handler";
import { OutageGate } from "./rest/outage-gate";
import { databaseUnreachable, problemResponse } from "./rest/problem-response";
import { requestIdOf } from "./rest/request-id";
import { appRouter } from "./routers";
import type { ApiContext } from "./trpc";

export interface ClientInfo {
  /** The client's address as the mount determined it. */
  ip: string;
}

export const TRPC_ENDPOINT = "/api/trpc";

/** Whether a path belongs to this handler (everything else is the UI's). */
export function ownsPath(pathname: string): boolean {
  return (
    pathname === "/v1" ||
    pathname.startsWith("/v1/") ||
    pathname.startsWith(`${TRPC_ENDPOINT}/`) ||
    pathname === "/problems" ||
    pathname.startsWith("/problems/") ||
    pathname.startsWith("/ops/") ||
    pathname.startsWith("/docs/")
  );
}

export interface HttpHandlerOptions {
  /** Enables /ops/v1 (contract.md §10); absent → every /ops route is 404. */
  operatorToken?: string | undefined;
  /** Markdown pages served at /docs/{name} (the client-side scheme, linked from the OpenAPI document). */
  docs?: Record<string, string>;
}

export function createHttpHandler(core: Core, options: HttpHandlerOptions = {}) {
  const gate = new OutageGate(() => checkHealth(core));
  const rest = createRestHandler({ router: appRouter, core, gate });
  const ops = createOpsHandler(core, options.operatorToken, gate);
  // Built at start: a procedure the generator cannot document fails the boot, not a request.
  const openApiJson = JSON.stringify(buildOpenApiDocument(appRouter, core.config.publicUrl));

  return async function handle(request: Request, client: ClientInfo): Promise<Response> {
    const requestId = requestIdOf(request);
    const url = new URL(request.url);
    const userAgent = request.headers.get("user-agent") ?? "";
    const info = { ip: client.ip, userAgent, requestId };

    const isV1 = url.pathname === "/v1" || url.pathname.startsWith("/v1/");
    if (isV1 && isPreflight(request)) return preflightResponse(requestId);
    if (
      url.pathname === "/v1/openapi.json" &&
      (request.method === "GET" || request.method === "HEAD")
    ) {
      return withCors(
        new Response(openApiJson, {
          headers: {
            "Content-Type": "application/json",
            "X-Request-Id": requestId,
            "Cache-Control": "public, max-age=300",
          },
        }),
      );
    }
    if (url.pathname.startsWith("/docs/")) {
      const text = options.docs?.[url.pathname.slice("/docs/".length)];
      if (text === undefined)
        return problemResponse(core.config.publicUrl, requestId, { slug: "not-found" });
      return new Response(text, {
        headers: {
          "Content-Type": "text/markdown; charset=utf-8",
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
    const usesDatabase =
      isV1 || url.pathname.startsWith("/ops/") || url.pathname.startsWith(`${TRPC_ENDPOINT}/`);
    if (usesDatabase && gate.isDown()) {
      const refused = databaseUnreachable(requestId, core.config.publicUrl);
      return isV1 ? withCors(refused) : refused;
    }
    if (url.pathname.startsWith("/ops/")) return ops(request, requestId);
    if (url.pathname.startsWith(`${TRPC_ENDPOINT}/`)) {
      return fetchRequestHandler({
        endpoint: TRPC_ENDPOINT,
        req: request,
        router: appRouter,
        createContext: (): ApiContext => ({
          core,
          headers: request.headers,
          meta: { ip: client.ip, userAgent },
          response: { headers: new Headers() },
        }),
        onError: ({ error }) => {
          if (isUnavailable(error)) gate.trip();
          else if (error.code === "INTERNAL_SERVER_ERROR")
            core.log.error({ err: error, requestId }, "trpc call failed");
        },
      });
    }
    return withCors(await rest(request, info));
  };
}

export type HttpHandler = ReturnType<typeof createHttpHandler>;
