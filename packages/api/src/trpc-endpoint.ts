// /api/trpc: the same procedures as /v1, the usual calls answered straight from a
// RestRequest (trpc-direct.ts) and everything else by tRPC's Fetch adapter, held to
// the same limits (body-limits.ts): the body is read through read-body.ts up to the
// largest limit among the batch's procedures, and a batch has at most
// MAX_BATCH_CALLS calls. NUL refusal and rate limits live in the procedures and in
// core, and the outage gate is checked before this runs (http-handler.ts), so
// both mounts share those by construction. A failed call carries the problem
// /v1 would answer (callProblem, the one mapper), and a call sent alone gets the
// headers its procedure set (ETag, Location) and Retry-After, as on /v1.
import { type Core, DomainError } from "@notes/core";
import type { AnyProcedure, TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { bodyLimitOf, MAX_BATCH_CALLS, tooLargeDetail } from "./body-limits";
import type { HeaderReader, Reply, RestRequest } from "./rest/exchange";
import type { OutageGate } from "./rest/outage-gate";
import { decodePathParam } from "./rest/path-param";
import { callProblem, domainErrorOf, type ProblemInit, problemBody } from "./rest/problem-response";
import { BodyTooLarge, limitedBodyStream } from "./rest/read-body";
import { buildRouteTable, type Route } from "./rest/route-table";
import { issuesOf } from "./rest/validation";
import { appRouter } from "./routers";
import { type ApiContext, OWN_REFUSALS, type RouteMeta, type TrpcProblem } from "./trpc";
import { directInputs, planDirect, runDirect } from "./trpc-direct";

export const TRPC_ENDPOINT = "/api/trpc";

// At run time tRPC keeps every procedure under its dotted path ("notes.append").
const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure | undefined>;

/** The most any call of the request may carry (a batch is one body for all its calls). */
function bodyLimitFor(url: URL): number {
  const path = decodePathParam(url.pathname.slice(TRPC_ENDPOINT.length + 1)) ?? "";
  const calls = url.searchParams.get("batch") === "1" ? path.split(",") : [path];
  return Math.max(
    ...calls.map((call) => bodyLimitOf(procedures[call]?._def.meta as RouteMeta | undefined)),
  );
}

/**
 * The request as tRPC reads it: its body, if any, limited. A body that declares a
 * length within the limit goes as it is (the HTTP parser holds a body to its declared
 * length): re-streaming every write through a limiting stream and a second Request
 * cost a small write a good part of its time over /api/trpc (issue 39).
 */
function limited(request: Request, url: URL): Request {
  if (request.body === null) return request;
  const limit = bodyLimitFor(url);
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared <= limit) return request;
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    body: limitedBodyStream(
      request,
      limit,
      // The procedures' middleware maps it to 413 with the problem slug (trpc.ts).
      () => new DomainError("body-too-large", tooLargeDetail(limit)),
    ),
    // @ts-expect-error: Node's fetch needs duplex for a streamed body (not in the DOM types).
    duplex: "half",
  });
}

/**
 * tRPC has no 304: a read over /api/trpc always answers the current body, so the
 * procedures never see If-None-Match here (If-Match, a write's precondition, stays).
 */
function withoutConditionalGet(headers: HeaderReader): HeaderReader {
  return { get: (name) => (name.toLowerCase() === "if-none-match" ? null : headers.get(name)) };
}

/** Each procedure's REST route: its invalid slug and pointer shapes (validation.ts). */
const routeOf = new Map<string, Route>(
  buildRouteTable(appRouter, "/v1").map((route) => [route.procedurePath, route]),
);

export function createTrpcEndpoint(core: Core, gate: OutageGate) {
  const publicUrl = core.config.publicUrl;

  /** Per failure, once: the formatter and the response headers both read it. */
  const described = new WeakMap<
    TRPCError,
    { problem: TrpcProblem; headers: Record<string, string> }
  >();

  /** The problem /v1 answers for the same failure (tRPC's own refusals by their code). */
  function describe(error: TRPCError, path: string | undefined, requestId: string) {
    const known = described.get(error);
    if (known) return known;
    const own = OWN_REFUSALS[error.code];
    const refusedByTrpc =
      own !== undefined &&
      error.code !== "INTERNAL_SERVER_ERROR" &&
      !domainErrorOf(error) &&
      !issuesOf(error);
    const init: ProblemInit = refusedByTrpc
      ? { slug: own }
      : callProblem(error, path ? routeOf.get(path) : undefined, requestId, core.log, () =>
          gate.trip(),
        );
    const headers = init.headers ?? {};
    const retryAfter = headers["Retry-After"];
    const description = {
      problem: {
        problem: init.slug,
        problemDetails: problemBody(publicUrl, init),
        ...(retryAfter !== undefined && { retryAfter: Number(retryAfter) }),
      },
      headers,
    };
    described.set(error, description);
    return description;
  }

  /**
   * The headers of an answer (tRPC's responseMeta): X-Request-Id and no-store on
   * every one; a call sent alone also carries the headers its procedure set (ETag,
   * Location) and its problem's (Retry-After), as on /v1. A batch shares one answer,
   * so its calls' headers cannot be told apart. `calls` is absent when tRPC refused
   * the request as a whole.
   */
  function answerHeaders(
    calls: readonly { path: string }[] | undefined,
    ctx: ApiContext | undefined,
    errors: readonly TRPCError[],
    requestId: string,
  ): Headers {
    const headers = new Headers({ "X-Request-Id": requestId, "Cache-Control": "no-store" });
    // tRPC sends its JSON error untyped when it refuses the request as a whole (a batch too large).
    if (!calls) headers.set("Content-Type", "application/json");
    if (calls && calls.length === 1) {
      for (const [name, value] of ctx?.response.headers ?? []) headers.set(name, value);
      const failed = errors[0];
      if (failed) {
        const { headers: problemHeaders } = describe(failed, calls[0]?.path, requestId);
        for (const [name, value] of Object.entries(problemHeaders)) headers.set(name, value);
      }
    }
    return headers;
  }

  function contextOf(headers: HeaderReader, ip: string, requestId: string): ApiContext {
    return {
      core,
      headers: withoutConditionalGet(headers),
      meta: {
        ip,
        userAgent: headers.get("user-agent") ?? "",
        deviceToken: headers.get("device-token") ?? undefined,
      },
      response: { headers: new Map() },
      problemOf: (error, path) => describe(error, path, requestId).problem,
    };
  }

  /** Any request, through tRPC's Fetch adapter. */
  function viaFetch(request: Request, url: URL, ip: string, requestId: string): Promise<Response> {
    return fetchRequestHandler({
      endpoint: TRPC_ENDPOINT,
      req: limited(request, url),
      router: appRouter,
      maxBatchSize: MAX_BATCH_CALLS,
      responseMeta: ({ info, ctx, errors }) => ({
        headers: answerHeaders(info?.calls, ctx, errors, requestId),
      }),
      createContext: () => contextOf(request.headers, ip, requestId),
    });
  }

  /**
   * The calls trpc-direct.ts answers without Fetch objects, or undefined (decided
   * before the body is read) for the mount to send the request through `viaFetch`.
   */
  function direct(request: RestRequest, ip: string, requestId: string): Promise<Reply> | undefined {
    const plan = planDirect(request, TRPC_ENDPOINT, procedures);
    if (!plan) return undefined;
    const ctx = contextOf(request.headers, ip, requestId);
    const inputs = directInputs(request, plan, appRouter, (error) =>
      error instanceof BodyTooLarge
        ? // As the limiting stream fails tRPC's read (limited, above).
          new DomainError("body-too-large", tooLargeDetail(plan.bodyLimit))
        : error,
    );
    return runDirect(plan, inputs, appRouter, ctx).then(({ status, body, errors }) => {
      const headers: Record<string, string> = {
        vary: "trpc-accept, accept",
        "content-type": "application/json",
      };
      for (const [name, value] of answerHeaders(plan.calls, ctx, errors, requestId))
        headers[name] = value;
      return { status, headers, body };
    });
  }

  return { viaFetch, direct };
}
