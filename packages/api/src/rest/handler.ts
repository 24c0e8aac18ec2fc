// The /v1 REST adapter: a framework-free Fetch handler (Request → Response) that
// dispatches to the tRPC procedures by their `openapi` meta and answers exactly
// contract.md §1: problem+json errors, validation pointers, 201/202/204/304,
// Allow on 405, Accept on 415, body limits enforced before parsing.
import type { Core, RequestMeta } from "@notes/core";
import type { AnyRouter } from "@trpc/server";
import { type ApiContext, createCallerFactory, type ResponseControl } from "../trpc";
import { NotModified } from "./not-modified";
import type { OutageGate } from "./outage-gate";
import { errorToProblem, problemResponse } from "./problem-response";
import { BodyTooLarge, isJsonContentType, readBody } from "./read-body";
import { buildRouteTable, matchRoute, type Route } from "./route-table";
import { issuesOf, toFieldErrors } from "./validation";

const MiB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = MiB;
const ACCEPT = { Accept: "application/json" };

type Procedure = (input: unknown) => Promise<unknown>;

export interface RestHandlerOptions {
  router: AnyRouter;
  core: Core;
  prefix?: string;
  /** Tripped when the database cannot be reached. */
  gate?: OutageGate;
}

export type RequestInfo = RequestMeta & { requestId: string };

export function createRestHandler({ router, core, prefix = "/v1", gate }: RestHandlerOptions) {
  const routes = buildRouteTable(router, prefix);
  const callerFactory = createCallerFactory(router);
  const publicUrl = core.config.publicUrl;

  function procedureOf(ctx: ApiContext, path: string): Procedure {
    let target: unknown = callerFactory(ctx);
    for (const key of path.split(".")) target = (target as Record<string, unknown>)[key];
    return target as Procedure;
  }

  async function inputOf(
    request: Request,
    route: Route,
    params: Record<string, string>,
    url: URL,
    ctx: ApiContext,
  ) {
    const input: Record<string, unknown> = {};
    if (route.takesBody) {
      const limit = route.meta.bodyLimit ?? DEFAULT_BODY_LIMIT;
      if (!isJsonContentType(request.headers.get("content-type"))) {
        return problem("body-not-json", {
          status: 415,
          detail: "Send the body as application/json.",
          headers: ACCEPT,
        });
      }
      const bytes = await readBody(request, limit);
      // Signatures are over the bytes as sent (meta `rawBody`: webhooks).
      if (route.meta.rawBody) ctx.rawBody = bytes;
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        return problem("body-not-json", { detail: "The body is not valid JSON.", headers: ACCEPT });
      }
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return problem(route.meta.invalidAs ?? "invalid-request", {
          ...(route.meta.invalidTitle && { title: route.meta.invalidTitle }),
          errors: [{ pointer: "", detail: "The body must be a JSON object." }],
        });
      }
      Object.assign(input, body);
    } else if (request.body && route.method !== "GET") {
      // Operations without a body ignore one, but never buffer more than the limit.
      await readBody(request, DEFAULT_BODY_LIMIT);
    }
    for (const key of route.queryKeys) {
      const value = url.searchParams.get(key);
      if (value !== null) input[key] = value;
    }
    return Object.assign(input, params);

    function problem(slug: string, init: Omit<Parameters<typeof problemResponse>[2], "slug">) {
      return { problem: { slug, ...init } };
    }
  }

  return async function handleRest(request: Request, info: RequestInfo): Promise<Response> {
    const { requestId } = info;
    const url = new URL(request.url);
    const pathname = url.pathname.replace(/%3a/gi, ":");
    const respondProblem = (init: Parameters<typeof problemResponse>[2]) =>
      problemResponse(publicUrl, requestId, init);

    const match = matchRoute(routes, request.method, pathname);
    if (match.kind === "none")
      return respondProblem({ slug: "not-found", detail: `No operation at ${url.pathname}.` });
    if (match.kind === "wrong-method") {
      return respondProblem({
        slug: "method-not-allowed",
        headers: { Allow: match.allow.join(", ") },
      });
    }
    const { route, params } = match;
    const response: ResponseControl = { headers: new Headers() };
    const ctx: ApiContext = {
      core,
      headers: request.headers,
      meta: { ip: info.ip, userAgent: info.userAgent },
      response,
    };
    try {
      const input = await inputOf(request, route, params, url, ctx);
      if ("problem" in input && typeof input.problem === "object") {
        return respondProblem(input.problem as Parameters<typeof problemResponse>[2]);
      }
      const output = await procedureOf(ctx, route.procedurePath)(input);
      const status = response.status ?? route.meta.status ?? 200;
      response.headers.set("X-Request-Id", requestId);
      response.headers.set("Cache-Control", "no-store");
      if (status === 204 || output === undefined)
        return new Response(null, { status, headers: response.headers });
      response.headers.set("Content-Type", "application/json");
      const body = request.method === "HEAD" ? null : JSON.stringify(output);
      return new Response(body, { status, headers: response.headers });
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        const limit = route.meta.bodyLimit ?? DEFAULT_BODY_LIMIT;
        return respondProblem({
          slug: "body-too-large",
          detail: `This operation accepts at most ${limit} bytes.`,
        });
      }
      const notModified = NotModified.from(error);
      if (notModified) {
        return new Response(null, {
          status: 304,
          headers: { ETag: notModified.etag, "X-Request-Id": requestId },
        });
      }
      const issues = issuesOf(error);
      if (issues && (error as { code?: string }).code === "BAD_REQUEST") {
        return respondProblem({
          slug: route.meta.invalidAs ?? "invalid-request",
          ...(route.meta.invalidTitle && { title: route.meta.invalidTitle }),
          errors: toFieldErrors(issues, route),
        });
      }
      return respondProblem(errorToProblem(error, requestId, core.log, () => gate?.trip()));
    }
  };
}
