// Reads a request body up to a byte limit, stopping at the first chunk past it:
// an oversized body is refused (413) without being buffered whole.
export class BodyTooLarge extends Error {}

/**
 * The client stopped sending before the body was complete. Deliberately without the
 * socket's error as its cause: that error's ECONNRESET would read as the database's
 * (isUnavailable) and trip the outage gate, so one abandoned upload would answer
 * 503 to everyone.
 */
export class BodyIncomplete extends Error {
  constructor() {
    super("The request body ended before it was complete.");
    this.name = "BodyIncomplete";
  }
}

export async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) {
    await request.body?.cancel().catch(() => {});
    throw new BodyTooLarge();
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw new BodyIncomplete();
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop here: the rest is never buffered (the self-hosted mount drains and
      // discards it, so the client still reads the 413).
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The same limit for a consumer that reads the body itself (tRPC's Fetch adapter):
 * a stream that reads it with readBody on the first pull and errors with
 * `tooLarge()` past the limit. Until then the original body stays untouched, so a
 * request refused before its body is read can still have that body discarded.
 */
export function limitedBodyStream(
  request: Request,
  limit: number,
  tooLarge: () => Error,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          controller.enqueue(await readBody(request, limit));
          controller.close();
        } catch (error) {
          controller.error(error instanceof BodyTooLarge ? tooLarge() : error);
        }
      },
    },
    { highWaterMark: 0 },
  );
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && JSON_TYPE.test(contentType);
}
