// Thrown by a read whose If-None-Match still matches: the adapter answers 304
// with the validator and no body.
import type { HeaderReader } from "./exchange";

export class NotModified extends Error {
  constructor(readonly etag: string) {
    super("not modified");
  }

  static from(error: unknown): NotModified | undefined {
    for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
      if (e instanceof NotModified) return e;
      e = (e as { cause?: unknown }).cause;
    }
    return undefined;
  }
}

/** Opaque part of an entity tag, for the weak comparison If-None-Match uses (RFC 9110 §13.1.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/**
 * A conditional read: throws NotModified (304) when `If-None-Match` names `etag` (or
 * is `*`); otherwise sets `ETag` on the answer. The one place every read with a
 * validator does this.
 */
export function unlessNotModified(
  ctx: { headers: HeaderReader; response: { headers: { set(name: string, value: string): void } } },
  etag: string,
): void {
  const given = ctx.headers.get("if-none-match");
  if (given?.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag)))
    throw new NotModified(etag);
  ctx.response.headers.set("ETag", etag);
}
