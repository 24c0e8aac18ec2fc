// Thrown by a read whose If-None-Match still matches: the adapter answers 304
// with the validator and no body.
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
