// /api/trpc without the Fetch adapter: the calls the web app and the SDK send (one
// call, or a batch of queries, JSON in and out) go from a RestRequest straight to
// the procedures and back as a Reply, as /v1 does (exchange.ts). On the self-hosted
// server that skips undici's Request, its body stream and a Response, which cost a
// write over tRPC twice the server CPU of the same write over /v1 (issue 39).
//
// It answers exactly what tRPC's own adapter (resolveResponse, @trpc/server 11)
// answers for the same request: the input is read and parsed as its JSON handler
// does (a failure becomes the same BAD_REQUEST the procedures' middleware maps),
// errors are shaped by the router's formatter, the status is tRPC's for the calls'
// results and the headers come from the endpoint's one responseMeta. Anything else
// (HEAD, another method or content type, a streamed batch, a path that names no
// procedure or a procedure of the other type, a batch past MAX_BATCH_CALLS) is not
// taken: `planDirect` says so before the body is touched, and the mount hands the
// request to the Fetch adapter, which answers it as before.
import type { AnyProcedure, AnyRouter, TRPCError } from "@trpc/server";
import { getHTTPStatusCode } from "@trpc/server/http";
// The pieces resolveResponse itself is made of, at the version the catalogue pins.
import {
  getErrorShape,
  getTRPCErrorFromUnknown,
  TRPCError as TrpcError,
  transformTRPCResponse,
} from "@trpc/server/unstable-core-do-not-import";
import { bodyLimitOf, MAX_BATCH_CALLS } from "./body-limits";
import type { RestRequest } from "./rest/exchange";
import type { ApiContext, RouteMeta } from "./trpc";

export interface DirectCall {
  path: string;
  procedure: AnyProcedure;
}

export interface DirectPlan {
  calls: DirectCall[];
  batch: boolean;
  type: "query" | "mutation";
  /** The most the body may carry: the largest limit among the calls' procedures. */
  bodyLimit: number;
}

const METHOD_OF = { query: "GET", mutation: "POST" } as const;
const utf8 = new TextDecoder();

/** tRPC's media type test: the type before any parameter, exactly, case-insensitive. */
const mediaType = (value: string | null) => value?.toLowerCase().split(";", 1)[0]?.trim();

const trimSlashes = (path: string) => path.replace(/^\//, "").replace(/\/$/, "");

/**
 * The calls of a request this path answers, or undefined for the Fetch adapter.
 * Decided from the method, the URL and the headers alone: the body is untouched.
 */
export function planDirect(
  request: RestRequest,
  endpoint: string,
  procedures: Record<string, AnyProcedure | undefined>,
): DirectPlan | undefined {
  const { method, url, headers } = request;
  if (method !== "GET" && method !== "POST") return undefined;
  // Streamed answers (httpBatchStreamLink) and connection parameters stay with tRPC.
  if (headers.get("trpc-accept") !== null) return undefined;
  if (headers.get("accept")?.includes("application/jsonl")) return undefined;
  if (url.searchParams.has("connectionParams")) return undefined;
  const contentType = mediaType(headers.get("content-type"));
  if (contentType !== "application/json" && !(method === "GET" && contentType === undefined))
    return undefined;
  let path: string;
  try {
    path = decodeURIComponent(
      trimSlashes(trimSlashes(url.pathname).slice(trimSlashes(endpoint).length)),
    );
  } catch {
    return undefined;
  }
  const batch = url.searchParams.get("batch") === "1";
  const paths = batch ? path.split(",") : [path];
  if (paths.length > MAX_BATCH_CALLS) return undefined;
  const calls: DirectCall[] = [];
  let type: DirectPlan["type"] | undefined;
  let bodyLimit = 0;
  for (const callPath of paths) {
    const procedure = Object.hasOwn(procedures, callPath) ? procedures[callPath] : undefined;
    const procedureType = procedure?._def.type;
    if (!procedure || (procedureType !== "query" && procedureType !== "mutation")) return undefined;
    if (METHOD_OF[procedureType] !== method) return undefined;
    type = procedureType;
    bodyLimit = Math.max(bodyLimit, bodyLimitOf(procedure._def.meta as RouteMeta | undefined));
    calls.push({ path: callPath, procedure });
  }
  if (!type) return undefined;
  return { calls, batch, type, bodyLimit };
}

/**
 * The calls' inputs, read once whichever call asks first, as tRPC's JSON handler
 * reads them: a query's from `?input=`, a mutation's from the body; one value for
 * a call alone, an object keyed by index for a batch. A failure rejects every ask
 * with tRPC's BAD_REQUEST carrying the cause (the body-too-large DomainError from
 * `tooLarge`, the JSON SyntaxError), which the procedures' middleware maps.
 */
export function directInputs(
  request: RestRequest,
  plan: DirectPlan,
  router: AnyRouter,
  tooLarge: (error: unknown) => unknown,
) {
  const deserialize = (value: unknown): unknown =>
    router._def._config.transformer.input.deserialize(value);
  let read: Promise<Record<number, unknown>> | undefined;
  let value: Record<number, unknown> | undefined;
  const parse = async (): Promise<Record<number, unknown>> => {
    let inputs: unknown;
    if (request.method === "GET") {
      const query = request.url.searchParams.get("input");
      if (query) inputs = JSON.parse(query);
    } else {
      const bytes = await request.body(plan.bodyLimit).catch((error: unknown) => {
        throw tooLarge(error);
      });
      const text = utf8.decode(bytes);
      if (text) inputs = JSON.parse(text);
    }
    const result: Record<number, unknown> = Object.create(null);
    if (inputs === undefined) return result;
    if (!plan.batch) {
      result[0] = deserialize(inputs);
      return result;
    }
    if (typeof inputs !== "object" || inputs === null || Array.isArray(inputs)) {
      throw new TrpcError({
        code: "BAD_REQUEST",
        message: '"input" needs to be an object when doing a batch call',
      });
    }
    for (const index of plan.calls.keys()) {
      const input = (inputs as Record<number, unknown>)[index];
      if (input !== undefined) result[index] = deserialize(input);
    }
    return result;
  };
  return {
    read(): Promise<Record<number, unknown>> {
      read ??= parse().then(
        (inputs) => {
          value = inputs;
          return inputs;
        },
        (cause: unknown) => {
          if (cause instanceof TrpcError) throw cause;
          throw new TrpcError({
            code: "BAD_REQUEST",
            message: cause instanceof Error ? cause.message : "Invalid input",
            cause,
          });
        },
      );
      return read;
    },
    /** What was read, once it was (the error shape's `input`). */
    result: (index: number): unknown => value?.[index],
  };
}

export interface DirectAnswer {
  status: number;
  body: string;
  /** The calls' failures, in order (what responseMeta is given). */
  errors: TRPCError[];
}

/** Runs the plan's calls together and shapes their answer as tRPC's adapter does. */
export async function runDirect(
  plan: DirectPlan,
  inputs: ReturnType<typeof directInputs>,
  router: AnyRouter,
  ctx: ApiContext,
): Promise<DirectAnswer> {
  const config = router._def._config;
  const results = await Promise.all(
    plan.calls.map(async ({ path, procedure }, batchIndex) => {
      try {
        const data: unknown = await procedure({
          path,
          getRawInput: async () => (await inputs.read())[batchIndex],
          ctx,
          type: plan.type,
          signal: undefined,
          batchIndex,
        });
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        const shape = getErrorShape({
          config,
          ctx,
          error,
          input: inputs.result(batchIndex),
          path,
          type: plan.type,
        });
        return { error: shape, trpcError: error };
      }
    }),
  );
  // Aligned with the calls (undefined for a success), as getHTTPStatusCode reads them.
  const aligned = results.map((r) => ("trpcError" in r ? r.trpcError : undefined));
  const responses = results.map((r) => ("error" in r ? { error: r.error } : r));
  const body = plan.batch ? responses : responses[0];
  return {
    status: getHTTPStatusCode(responses as never, aligned as TRPCError[]),
    body: JSON.stringify(transformTRPCResponse(config, body as never)),
    errors: aligned.filter((error) => error !== undefined),
  };
}
