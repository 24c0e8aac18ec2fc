// A fake fetch for unit tests: records each request and answers from a queue.
import type { FetchLike } from "../../src/api/client";

export interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export function fakeFetch(answers: (Response | Error)[]): {
  fetch: FetchLike;
  requests: Recorded[];
} {
  const requests: Recorded[] = [];
  const fetch: FetchLike = async (url, init) => {
    requests.push({
      url,
      method: init.method ?? "GET",
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    });
    const next = answers.shift();
    if (!next) throw new Error("fake fetch: no answer queued");
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch, requests };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}
