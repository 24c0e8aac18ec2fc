// The /v1 REST adapter: a framework-free handler (RestRequest → Reply, see
// exchange.ts; a Fetch Request and Response on the Fetch mount) that dispatches to
// the tRPC procedures by their `openapi` meta and answers exactly contract.md §1:
// problem+json errors, validation pointers, 201/202/204/304, Allow on 405, Accept
// on 415, body limits enforced before parsing.
import type { Core, RequestMeta } from "@notes/core";
import type { AnyRouter } from "@trpc/server";
import { bodyLimitOf, DEFAULT_BODY_LIMIT, tooLargeDetail } from "../body-limits";
import type { ApiContext, ResponseControl } from "../trpc";
import type { Reply, RestRequest } from "./exchange";
import { NotModified } from "./not-modified";
import type { OutageGate } from "./outage-gate";
import { malformedPathParam } from "./path-param";
import { callProblem, type ProblemInit, problemReply } from "./problem-response";
import { BodyIncomplete, BodyTooLarge, isJsonContentType } from "./read-body";
import { buildRouteTable, matchRoute, type Route } from "./route-table";

const ACCEPT = { Accept: "application/json" };
const utf8 = new TextDecoder();

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
  const publicUrl = core.config.publicUrl;

  async function inputOf(
    request: RestRequest,
    route: Route,
    params: Record<string, string>,
    ctx: ApiContext,
  ): Promise<{ input: Record<string, unknown> } | { problem: ProblemInit }> {
    const input: Record<string, unknown> = {};
    if (route.takesBody) {
      const limit = bodyLimitOf(route.meta);
      if (!isJsonContentType(request.headers.get("content-type"))) {
        return problem("body-not-json", {
          status: 415,
          detail: "Send the body as application/json.",
          headers: ACCEPT,
        });
      }
      const bytes = await request.body(limit);
      // Signatures are over the bytes as sent (meta `rawBody`: webhooks).
      if (route.meta.rawBody) ctx.rawBody = bytes;
      let body: unknown;
      try {
        body = JSON.parse(utf8.decode(bytes));
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
    } else if (request.hasBody && route.method !== "GET") {
      // Operations without a body ignore one, but never buffer more than the limit.
      await request.body(DEFAULT_BODY_LIMIT);
    }
    for (const key of route.queryKeys) {
      const value = request.url.searchParams.get(key);
      if (value !== null) input[key] = value;
    }
    return { input: Object.assign(input, params) };

    function problem(slug: string, init: Omit<ProblemInit, "slug">) {
      return { problem: { slug, ...init } };
    }
  }

  return async function handleRest(request: RestRequest, info: RequestInfo): Promise<Reply> {
    const { requestId } = info;
    const { url } = request;
    const pathname = url.pathname.replace(/%3a/gi, ":");
    const respondProblem = (init: ProblemInit) => problemReply(publicUrl, requestId, init);

    const match = matchRoute(routes, request.method, pathname);
    if (match.kind === "none")
      return respondProblem({ slug: "not-found", detail: `No operation at ${url.pathname}.` });
    if (match.kind === "wrong-method") {
      return respondProblem({
        slug: "method-not-allowed",
        headers: { Allow: match.allow.join(", ") },
      });
    }
    if (match.kind === "malformed-param") {
      const { route, param } = match;
      return respondProblem({
        ...malformedPathParam(param, route.meta.invalidAs),
        ...(route.meta.invalidTitle && { title: route.meta.invalidTitle }),
      });
    }
    const { route, params } = match;
    const response: ResponseControl = { headers: new Map() };
    const ctx: ApiContext = {
      core,
      headers: request.headers,
      meta: {
        ip: info.ip,
        userAgent: info.userAgent,
        deviceToken: request.headers.get("device-token") ?? undefined,
      },
      response,
    };
    try {
      const parsed = await inputOf(request, route, params, ctx);
      if ("problem" in parsed) return respondProblem(parsed.problem);
      const { input } = parsed;
      const output = await route.procedure.call({
        ctx,
        getRawInput: () => Promise.resolve(input),
        path: route.procedurePath,
        type: route.procedure.type,
        signal: undefined,
        batchIndex: 0,
      });
      const status = response.status ?? route.meta.status ?? 200;
      const headers = Object.fromEntries(response.headers);
      headers["X-Request-Id"] = requestId;
      headers["Cache-Control"] = "no-store";
      if (status === 204 || output === undefined) return { status, headers, body: null };
      headers["Content-Type"] = "application/json";
      return { status, headers, body: request.method === "HEAD" ? null : JSON.stringify(output) };
    } catch (error) {
      if (error instanceof BodyIncomplete) {
        // The client has gone: nobody reads this answer, and it is no failure of ours.
        return respondProblem({ slug: "invalid-request", detail: error.message });
      }
      if (error instanceof BodyTooLarge) {
        return respondProblem({
          slug: "body-too-large",
          detail: tooLargeDetail(bodyLimitOf(route.meta)),
        });
      }
      const notModified = NotModified.from(error);
      if (notModified) {
        return {
          status: 304,
          headers: { ETag: notModified.etag, "X-Request-Id": requestId },
          body: null,
        };
      }
      return respondProblem(callProblem(error, route, requestId, core.log, () => gate?.trip()));
    }
  };
}
