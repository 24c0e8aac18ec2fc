// The one mapper from errors to problem+json responses (contract.md §1). A 500
// never carries a stack, SQL or internal message: its detail is the request id.
import { DomainError, type FieldError, type Log } from "@notes/core";
import { isUnavailable, isWriteConflict } from "@notes/db";
import { problemType } from "../problems/catalogue";
import { type Reply, toResponse } from "./exchange";
import type { Route } from "./route-table";
import { issuesOf, toFieldErrors } from "./validation";

export interface ProblemInit {
  slug: string;
  /** The operation's own name for the error, where interface.md §7 gives one (unknown-value). */
  title?: string;
  detail?: string;
  errors?: FieldError[];
  status?: number;
  headers?: Record<string, string>;
}

/** The problem+json body of `init`: what /v1 sends and /api/trpc carries in `data.problemDetails`. */
export function problemBody(publicUrl: string, init: ProblemInit) {
  const type = problemType(init.slug);
  return {
    type: `${publicUrl}/problems/${init.slug}`,
    title: init.title ?? type.title,
    status: init.status ?? type.status,
    ...(init.detail !== undefined && { detail: init.detail }),
    ...(init.errors !== undefined && { errors: init.errors }),
  };
}

export function problemReply(publicUrl: string, requestId: string, init: ProblemInit): Reply {
  const body = problemBody(publicUrl, init);
  const { status } = body;
  const headers = {
    "Content-Type": "application/problem+json",
    "X-Request-Id": requestId,
    "Cache-Control": "no-store",
    ...init.headers,
  };
  return { status, headers, body: JSON.stringify(body) };
}

export const problemResponse = (publicUrl: string, requestId: string, init: ProblemInit) =>
  toResponse(problemReply(publicUrl, requestId, init));

/** contract.md §2: every 401 challenges with the one realm; `invalid_token` when one was presented. */
export function bearerChallenge(tokenPresented = false): string {
  return tokenPresented ? 'Bearer realm="notes", error="invalid_token"' : 'Bearer realm="notes"';
}

export const databaseUnreachable = (requestId: string, publicUrl: string) =>
  problemReply(publicUrl, requestId, {
    slug: "at-capacity",
    detail: "The database cannot be reached right now.",
    headers: { "Retry-After": "1" },
  });

/** Finds the domain error behind tRPC's wrapping, if any. */
export function domainErrorOf(error: unknown): DomainError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof DomainError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The problem a failed procedure call answers, on either transport: a validation
 * failure (schema or NUL) as the operation's invalid slug with pointers into its
 * REST shape, anything else as errorToProblem says.
 */
export function callProblem(
  error: unknown,
  route: Route | undefined,
  requestId: string,
  log: Log,
  onUnavailable?: () => void,
): ProblemInit {
  const issues = issuesOf(error);
  if (issues && route && (error as { code?: string }).code === "BAD_REQUEST") {
    return {
      slug: route.meta.invalidAs ?? "invalid-request",
      ...(route.meta.invalidTitle && { title: route.meta.invalidTitle }),
      errors: toFieldErrors(issues, route),
    };
  }
  return errorToProblem(error, requestId, log, onUnavailable);
}

export function errorToProblem(
  error: unknown,
  requestId: string,
  log: Log,
  /** Told when the database could not be reached (see outage-gate.ts). */
  onUnavailable?: () => void,
): ProblemInit {
  const domain = domainErrorOf(error);
  if (domain) {
    const headers: Record<string, string> = {};
    const status = problemType(domain.slug).status;
    if (status === 401) headers["WWW-Authenticate"] = bearerChallenge(domain.extra.invalidToken);
    if (domain.extra.retryAfter !== undefined)
      headers["Retry-After"] = String(domain.extra.retryAfter);
    return {
      slug: domain.slug,
      ...(domain.detail !== undefined && { detail: domain.detail }),
      ...(domain.extra.errors !== undefined && { errors: domain.extra.errors }),
      headers,
    };
  }
  if (isWriteConflict(error)) {
    log.warn({ err: error, requestId }, "write conflict persisted after retries");
    return {
      slug: "at-capacity",
      detail: "Too many conflicting writes to the same data right now; retry shortly.",
      headers: { "Retry-After": "1" },
    };
  }
  if (isUnavailable(error)) {
    log.warn({ err: error, requestId }, "database unavailable");
    onUnavailable?.();
    return {
      slug: "at-capacity",
      detail: "The database cannot be reached right now.",
      headers: { "Retry-After": "5" },
    };
  }
  log.error({ err: error, requestId }, "request failed");
  return { slug: "internal", detail: requestId };
}
