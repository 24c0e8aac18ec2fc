import { randomUUID } from "node:crypto";

const SAFE = /^[\w.-]{8,128}$/;

/** Honours a caller's well-formed X-Request-Id, otherwise mints one. */
export function requestIdOf(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && SAFE.test(given) ? given : randomUUID();
}
