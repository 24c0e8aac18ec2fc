// A minimal HTTP client for the integration suite, the way a third-party client
// talks to /v1: JSON in, status, headers and JSON (or problem+json) out. Each
// Client has its own source address (X-Forwarded-For) so per-IP limits of one
// test never spill into another.
import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export const baseUrl = () => inject("baseUrl");

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export class Client {
  constructor(
    readonly ip = randomIp(),
    readonly userAgent = "integration-test",
    readonly base = baseUrl(),
  ) {}

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      "X-Forwarded-For": this.ip,
      "User-Agent": this.userAgent,
      ...(options.token && { Authorization: `Bearer ${options.token}` }),
    };
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["Content-Type"] = "application/json";
    }
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      body,
    });
    const text = await res.text();
    const type = res.headers.get("content-type") ?? "";
    const parsed = text && type.includes("json") ? JSON.parse(text) : {};
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
}

/**
 * Asserts a problem+json answer: status, type slug, title, and the request id header
 * (`base`: the PUBLIC_URL of the server that answered, when it is not the suite's).
 */
export function expectProblem(
  res: ApiResponse,
  status: number,
  slug: string,
  base = baseUrl(),
): void {
  expect({ status: res.status, type: res.body.type }).toEqual({
    status,
    type: `${base}/problems/${slug}`,
  });
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.body.status).toBe(status);
  expect(typeof res.body.title).toBe("string");
  expect(res.headers.get("x-request-id")).toBeTruthy();
  const allowed = new Set(["type", "title", "status", "detail", "errors"]);
  for (const key of Object.keys(res.body))
    expect(allowed.has(key), `unexpected member ${key}`).toBe(true);
}

export function expectNoBody(res: ApiResponse): void {
  expect(res.text).toBe("");
  expect(res.headers.get("content-type")).toBeNull();
}

export function pointersOf(res: ApiResponse): string[] {
  return ((res.body.errors as { pointer: string }[] | undefined) ?? [])
    .map((e) => e.pointer)
    .sort();
}
