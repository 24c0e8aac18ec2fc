import { randomUUID } from "node:crypto";
import type { HeaderReader } from "./exchange";

const SAFE = /^[\w.-]{8,128}$/;

/** Honours a caller's well-formed X-Request-Id, otherwise mints one. */
export function requestIdOf(request: { headers: HeaderReader }): string {
  return requestIdFrom(request.headers.get("x-request-id"));
}

/** The same, from a raw header value (mounts that are not Fetch handlers: the UI). */
export function requestIdFrom(given: string | string[] | null | undefined): string {
  return typeof given === "string" && SAFE.test(given) ? given : randomUUID();
}
