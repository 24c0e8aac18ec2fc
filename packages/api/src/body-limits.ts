// How much a request may carry, whichever mount calls the procedure (/v1 or
// /api/trpc): a JSON body of 1 MiB unless the procedure's meta says otherwise
// (contract.md §6), and a tRPC batch of at most MAX_BATCH_CALLS calls. Bodies are
// read with read-body.ts, which stops at the limit instead of buffering the rest.
import type { RouteMeta } from "./trpc";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Calls in one /api/trpc batch. /v1 has one operation per request; a batch may not
 * turn one request past every limit into many (each call still spends its own
 * rate limits), and the web client sends no batches at all.
 */
export const MAX_BATCH_CALLS = 10;

export const bodyLimitOf = (meta: RouteMeta | undefined): number =>
  meta?.bodyLimit ?? DEFAULT_BODY_LIMIT;

export const tooLargeDetail = (limit: number) => `This operation accepts at most ${limit} bytes.`;
