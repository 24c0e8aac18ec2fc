// /api/trpc: the same procedures as /v1 over tRPC's Fetch adapter, held to the
// same limits (body-limits.ts): the body is read through read-body.ts up to the
// largest limit among the batch's procedures, and a batch has at most
// MAX_BATCH_CALLS calls. NUL refusal and rate limits live in the procedures and in
// core, and the outage gate is checked before this runs (http-handler.ts), so
// both mounts share those by construction.
import { type Core, DomainError } from "@notes/core";
import { isUnavailable } from "@notes/db";
import type { AnyProcedure } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { bodyLimitOf, MAX_BATCH_CALLS, tooLargeDetail } from "./body-limits";
import type { OutageGate } from "./rest/outage-gate";
import { decodePathParam } from "./rest/path-param";
import { limitedBodyStream } from "./rest/read-body";
import { appRouter } from "./routers";
import type { ApiContext, RouteMeta } from "./trpc";

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

/** The request as tRPC reads it: its body, if any, limited. */
function limited(request: Request, url: URL): Request {
  if (request.body === null) return request;
  const limit = bodyLimitFor(url);
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

export function createTrpcEndpoint(core: Core, gate: OutageGate) {
  return (request: Request, url: URL, ip: string, requestId: string): Promise<Response> => {
    const userAgent = request.headers.get("user-agent") ?? "";
    return fetchRequestHandler({
      endpoint: TRPC_ENDPOINT,
      req: limited(request, url),
      router: appRouter,
      maxBatchSize: MAX_BATCH_CALLS,
      responseMeta: ({ info }) => {
        // contract.md §1: every response carries X-Request-Id, this endpoint's too.
        const headers = new Headers({ "X-Request-Id": requestId });
        // tRPC sends its JSON error untyped when it refuses the request as a whole (a batch too large).
        if (!info) headers.set("Content-Type", "application/json");
        return { headers };
      },
      createContext: (): ApiContext => ({
        core,
        headers: request.headers,
        meta: { ip, userAgent, deviceToken: request.headers.get("device-token") ?? undefined },
        response: { headers: new Map() },
      }),
      onError: ({ error }) => {
        if (isUnavailable(error)) gate.trip();
        else if (error.code === "INTERNAL_SERVER_ERROR")
          core.log.error({ err: error, requestId }, "trpc call failed");
      },
    });
  };
}
