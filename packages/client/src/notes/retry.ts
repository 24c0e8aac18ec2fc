// Retrying a request that may or may not have reached the server. Safe only for
// idempotent calls (an append carrying a requestId). A problem answer in the 4xx range
// is final; network failures, 5xx and 429 are retried with backoff.
import { isProblem } from "../api/problem";

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
}

export async function withRetry<T>(run: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 4;
  const baseDelayMs = options.baseDelayMs ?? 200;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isTransient(error)) throw error;
      const hinted = isProblem(error) ? error.retryAfter : undefined;
      const delay = hinted !== undefined ? hinted * 1000 : baseDelayMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** No answer, a 5xx or a 429: the same request may succeed later. */
export function isTransient(error: unknown): boolean {
  if (isProblem(error)) return error.status >= 500 || error.status === 429;
  // fetch rejects with a TypeError when the request never got an answer.
  return error instanceof TypeError;
}
