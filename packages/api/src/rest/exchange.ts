// What the /v1 handler reads of a request and what it answers, as plain values.
// A Fetch Request converts to a RestRequest and a Reply to a Response at no more
// than the cost they would have anyway (the Next mount, tests); the self-hosted
// mount builds a RestRequest straight from node:http and writes the Reply itself,
// so a /v1 call there never pays for undici's Request, its body stream, its abort
// signal and a Response (about a quarter of an append's server CPU, measured).
import { readBody } from "./read-body";

export interface HeaderReader {
  /** The header's value, or null when it is absent (names are case-insensitive). */
  get(name: string): string | null;
}

export interface RestRequest {
  method: string;
  url: URL;
  headers: HeaderReader;
  /** Whether the request may carry a body (its method is not GET or HEAD). */
  hasBody: boolean;
  /** The body's bytes; BodyTooLarge past `limit`, without buffering more than that. */
  body(limit: number): Promise<Uint8Array>;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export function restRequestOf(request: Request, url = new URL(request.url)): RestRequest {
  return {
    method: request.method,
    url,
    headers: request.headers,
    hasBody: request.body !== null,
    body: (limit) => readBody(request, limit),
  };
}

export const toResponse = (reply: Reply): Response =>
  new Response(reply.body, { status: reply.status, headers: reply.headers });
