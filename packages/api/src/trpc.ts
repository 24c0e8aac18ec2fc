// tRPC init and the procedure builders. Every /v1 procedure declares its REST
// shape once in `meta`: method and path (trpc-to-openapi's `openapi`), the success
// status, the problems it can answer and its body limit. The REST adapter, the
// OpenAPI document and the typed client all derive from that declaration.
import {
  authenticate,
  type Caller,
  type Core,
  DomainError,
  type ProblemSlug,
  type RequestMeta,
} from "@notes/core";
import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import type { OpenApiMeta } from "trpc-to-openapi";
import { InputIssues, nulIssues } from "./input-guard";
import { problemType } from "./problems/catalogue";
import type { HeaderReader } from "./rest/exchange";

export interface ResponseControl {
  status?: number;
  /** Set with the header's canonical spelling (ETag, Location): the REST reply sends them as set. */
  headers: Map<string, string>;
}

export interface ApiContext {
  core: Core;
  headers: HeaderReader;
  meta: RequestMeta;
  /** What the procedure wants on the HTTP response besides its body. */
  response: ResponseControl;
  /** The exact body bytes, for routes whose meta sets `rawBody` (REST adapter only). */
  rawBody?: Uint8Array;
  /** /api/trpc only: the problem a failed call answers, as /v1 would (trpc-endpoint.ts). */
  problemOf?: (error: TRPCError, path: string | undefined) => TrpcProblem;
}

/**
 * What a failed /api/trpc call carries in `error.data` besides tRPC's code: the
 * problem slug, the exact problem+json body /v1 answers the same call with, and its
 * Retry-After in seconds. The SDK's tRPC transport reads an ApiProblem from it.
 */
export interface TrpcProblem {
  problem: string | undefined;
  problemDetails?: {
    type: string;
    title: string;
    status: number;
    detail?: string;
    errors?: { pointer: string; detail: string }[];
  };
  retryAfter?: number;
}

export type RouteMeta = OpenApiMeta<{
  /** Success status of the REST route (200 when absent). */
  status?: 200 | 201 | 202 | 204;
  /** Problems this operation answers beyond the ones every route can give. */
  problems?: readonly ProblemSlug[];
  /** Maximum JSON body in bytes (1 MiB when absent). */
  bodyLimit?: number;
  /** Validation failures answer this problem instead of invalid-request. */
  invalidAs?: ProblemSlug;
  /** …under this title (interface.md §7 names unknown-value per operation). */
  invalidTitle?: string;
  /** Response headers set on every success (the document marks them required). */
  responseHeaderNames?: readonly ("Location" | "ETag")[];
  /** Request headers the operation reads. */
  requestHeaderNames?: readonly ("If-Match" | "If-None-Match" | "Device-Token")[];
  /**
   * The REST adapter also hands the body's exact bytes to the procedure as
   * `ctx.rawBody` (signed payloads: Stripe webhooks). The JSON body is still parsed
   * and validated as usual, so the OpenAPI document describes it.
   */
  rawBody?: boolean;
}>;

/**
 * The problem slug of a refusal tRPC raises itself (an unknown procedure, a batch
 * too large, invalid input), the one /v1 answers the same request with.
 */
export const OWN_REFUSALS: Partial<Record<TRPC_ERROR_CODE_KEY, ProblemSlug>> = {
  BAD_REQUEST: "invalid-request",
  PARSE_ERROR: "body-not-json",
  UNSUPPORTED_MEDIA_TYPE: "body-not-json",
  NOT_FOUND: "not-found",
  METHOD_NOT_SUPPORTED: "method-not-allowed",
  PAYLOAD_TOO_LARGE: "body-too-large",
  INTERNAL_SERVER_ERROR: "internal",
};

const t = initTRPC
  .context<ApiContext>()
  .meta<RouteMeta>()
  .create({
    // Never a stack or an internal message in a response, whatever NODE_ENV says.
    isDev: false,
    errorFormatter: ({ shape, error, ctx, path }) => ({
      ...shape,
      message: error.code === "INTERNAL_SERVER_ERROR" ? "Service failed" : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        ...(ctx?.problemOf?.(error, path) ?? {
          problem: (error.cause as { slug?: string } | undefined)?.slug ?? OWN_REFUSALS[error.code],
        }),
      },
    }),
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const CODES: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  410: "NOT_FOUND",
  412: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  428: "PRECONDITION_FAILED",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/**
 * Domain errors become tRPC errors of the matching code for the web client (the
 * problem slug travels in `data.problem`); the REST adapter still finds the
 * domain error as the cause and answers problem+json.
 */
function asTrpcError(error: unknown): unknown {
  const domain = error instanceof TRPCError ? error.cause : error;
  if (!(domain instanceof DomainError)) return error;
  return new TRPCError({
    code: CODES[problemType(domain.slug).status] ?? "INTERNAL_SERVER_ERROR",
    message: domain.detail ?? domain.slug,
    cause: domain,
  });
}

/** Refuses NUL in any input string (see input-guard.ts). */
async function refuseNul(getRawInput: () => Promise<unknown>): Promise<void> {
  const issues = nulIssues(await getRawInput());
  if (issues.length > 0) {
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: "The request is not valid.",
      cause: new InputIssues(issues),
    });
  }
}

/** Runs `step`, its domain errors mapped (see asTrpcError). */
async function guard<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw asTrpcError(error);
  }
}

function mapped<R extends { ok: boolean; error?: unknown }>(result: R): R {
  if (!result.ok) throw asTrpcError(result.error);
  return result;
}

// One middleware per procedure: each tRPC middleware hop copies the call's options
// and context, which showed in the append profile. The body is read first, as /v1
// reads it before anything else (a body too large or not JSON answers so, 413 or
// 400, before any 401, on both transports); authentication comes before the NUL
// check, so a missing token answers 401 before any 400 about what the body holds.

export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  await guard(() => refuseNul(getRawInput));
  return mapped(await next());
});

function authenticated(allowLimited: boolean) {
  return t.procedure.use(async ({ ctx, getRawInput, next }) => {
    const caller: Caller = await guard(async () => {
      await getRawInput();
      const found = await authenticate(ctx.core, ctx.headers.get("authorization"), {
        allowLimited,
      });
      await refuseNul(getRawInput);
      return found;
    });
    return mapped(await next({ ctx: { caller } }));
  });
}

/** Needs a valid bearer token; adds `caller` to the context. */
export const authedProcedure = authenticated(false);

/** Like authedProcedure, also admitting a device link's limited session (the claim only). */
export const linkClaimProcedure = authenticated(true);
