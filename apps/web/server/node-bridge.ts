// Converts between node:http and the Fetch API for the self-hosted mount.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Most bytes drained after a refused body before the connection is dropped. */
const DRAIN_LIMIT = 64 * 1024 * 1024;
/**
 * A body declared (Content-Length) at most this large is read whole before the
 * Request is built: a byte body costs far less per request than a web stream fed
 * chunk by chunk. Larger or chunked bodies stream, so a limit refuses them early.
 */
const WHOLE_BODY_LIMIT = 1024 * 1024;

function wholeBody(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    );
    req.once("error", reject);
  });
}

/**
 * The request body as a web stream. Cancelling it (a refused, oversized body)
 * does not destroy the socket: the rest is drained and discarded, up to a cap, so
 * the client can finish sending and read the 413, and the connection stays usable.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const onData = (chunk: Buffer) => {
    controllerRef?.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controllerRef?.desiredSize ?? 1) <= 0) req.pause();
  };
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controllerRef = controller;
        req.on("data", onData);
        // A cancelled stream (a refused body) is already closed: say nothing more to it.
        req.once("end", () => controllerRef?.close());
        req.once("error", (error) => controllerRef?.error(error));
      },
      pull() {
        req.resume();
      },
      cancel() {
        controllerRef = undefined;
        req.off("data", onData);
        let drained = 0;
        req.on("data", (chunk: Buffer) => {
          drained += chunk.byteLength;
          if (drained > DRAIN_LIMIT) req.socket.destroy();
        });
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

export async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  const url = new URL(req.url ?? "/", origin);
  if (!hasBody) return new Request(url, { method, headers });
  if (declared <= WHOLE_BODY_LIMIT) {
    return new Request(url, { method, headers, body: (await wholeBody(req)) as BodyInit });
  }
  return new Request(url, {
    method,
    headers,
    body: bodyStream(req),
    // @ts-expect-error: Node's fetch needs duplex for streamed request bodies.
    duplex: "half",
  });
}

export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  if (body) headers["content-length"] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}
