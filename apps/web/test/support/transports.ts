// The two transports of the same procedures, as the parity and outage tests drive them:
// a device per transport (the SDK's /v1 client and its /api/trpc client) and what a
// call observed, reduced to what must be equal between the two.
import { type ApiClient, ApiProblem, createApiClient, createTrpcApiClient } from "@notes/client";
import { expect } from "vitest";
import { randomIp } from "./api";

export type Transport = "rest" | "trpc";
export const TRANSPORTS: Transport[] = ["rest", "trpc"];

/** One device on one transport, with an address of its own (per-address limits). */
export function device(
  base: string,
  transport: Transport,
  token?: string,
  onRequest?: (url: string) => void,
): ApiClient {
  const ip = randomIp();
  const create = transport === "rest" ? createApiClient : createTrpcApiClient;
  return create({
    baseUrl: base,
    token,
    fetch: (url, init) => {
      onRequest?.(url);
      const headers = new Headers(init.headers);
      headers.set("X-Forwarded-For", ip);
      return fetch(url, { ...init, headers });
    },
  });
}

/** A value's shape: ids, keys and times differ between runs, their types must not. */
export function shapeOf(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, v]) => [key, shapeOf(v)]),
    );
  return typeof value;
}

export type Seen =
  | { ok: unknown }
  | {
      status: number;
      type: string;
      title: string;
      detail: string | undefined;
      pointers: string[];
      retryAfter: string;
    };

export async function observe(run: () => Promise<unknown>): Promise<Seen> {
  try {
    return { ok: shapeOf(await run()) };
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    return {
      status: error.status,
      type: error.type,
      title: error.title,
      detail: error.detail,
      pointers: error.errors.map((e) => e.pointer),
      // The seconds left differ by when each ran; that it is said must not.
      retryAfter: error.retryAfter === undefined ? "absent" : "seconds",
    };
  }
}

/** Runs `scenario` once per transport and expects the same observations from both. */
export async function sameOnBoth(
  scenario: (transport: Transport) => Promise<Record<string, Seen | boolean | string>>,
) {
  const [rest, trpc] = await Promise.all(TRANSPORTS.map(scenario));
  expect(trpc).toEqual(rest);
  return rest as Record<string, Seen>;
}

export const problem = (seen: Seen | undefined) => (seen && "status" in seen ? seen : undefined);
