// Converts between node:http and the handler's request and answer types for the
// self-hosted mount: /v1 as a RestRequest and Reply (no Fetch objects), the rest
// (tRPC, /ops, /problems) as a Fetch Request and Response.
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  BodyIncomplete,
  BodyTooLarge,
  type HeaderReader,
  type Reply,
  type RestRequest,
} from "@notes/api";

/** Most bytes drained after a refused body before the connection is dropped. */
const DRAIN_LIMIT = 64 * 1024 * 1024;
/**
 * A body declared (Content-Length) at most this large is read whole before the
 * Request is built: a byte body costs far less per request than a web stream fed
 * chunk by chunk. Larger or chunked bodies stream, so a limit refuses them early.
 */
const WHOLE_BODY_LIMIT = 1024 * 1024;

/** Reads and discards what is left of a body, up to DRAIN_LIMIT, so the client can read our answer. */
function discard(req: IncomingMessage): void {
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
}

/** The body up to `limit` bytes; past it, BodyTooLarge, and the rest is discarded unbuffered. */
function limitedBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  if (Number(req.headers["content-length"] ?? Number.NaN) > limit) {
    discard(req);
    return Promise.reject(new BodyTooLarge());
  }
  if (req.readableEnded) return Promise.resolve(new Uint8Array());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stop();
      discard(req);
      reject(new BodyTooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    };
    const onError = () => {
      stop();
      reject(new BodyIncomplete());
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

export function headerReader(req: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = req.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/**
 * A /v1 request as the handler reads it. `finish` after answering: a body the
 * handler never read (refused early) is drained, not left blocking the connection.
 */
export function restRequestFrom(
  req: IncomingMessage,
  origin: string,
): { request: RestRequest; finish: () => void } {
  const method = req.method ?? "GET";
  let read = false;
  const request: RestRequest = {
    method,
    url: new URL(req.url ?? "/", origin),
    headers: headerReader(req),
    hasBody:
      method !== "GET" &&
      method !== "HEAD" &&
      (Number(req.headers["content-length"] ?? 0) > 0 || "transfer-encoding" in req.headers),
    body(limit) {
      read = true;
      return limitedBody(req, limit);
    },
  };
  const finish = () => {
    if (!read && !req.complete) discard(req);
  };
  return { request, finish };
}

export function sendReply(res: ServerResponse, reply: Reply): void {
  const { status, headers, body } = reply;
  if (body !== null) headers["Content-Length"] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(body ?? undefined);
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
        discard(req);
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
    return new Request(url, {
      method,
      headers,
      body: (await limitedBody(req, Number.POSITIVE_INFINITY)) as BodyInit,
    });
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
