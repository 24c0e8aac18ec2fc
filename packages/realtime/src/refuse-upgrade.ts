// Answers an HTTP upgrade we will not complete with a plain HTTP/1.1 response
// (contract.md §7: a missing ticket is a 401 at the HTTP level, before any socket
// exists). The body is problem+json like every other error (contract.md §1).
import { randomUUID } from "node:crypto";
import type { Duplex } from "node:stream";

export type Refusal = 401 | 403 | 404 | 503;

const PROBLEMS: Record<Refusal, { reason: string; slug: string; title: string; detail: string }> = {
  401: {
    reason: "Unauthorized",
    slug: "no-session",
    title: "No valid session token",
    detail: "Open the socket with the ?ticket= of a feed or room ticket.",
  },
  // No slug of contract.md §1 names a refused Origin; invalid-request is the
  // nearest, and the status says what happened.
  403: {
    reason: "Forbidden",
    slug: "invalid-request",
    title: "Invalid request",
    detail: "This Origin may not open realtime sockets.",
  },
  404: { reason: "Not Found", slug: "not-found", title: "Not found", detail: "No such socket." },
  503: {
    reason: "Service Unavailable",
    slug: "at-capacity",
    title: "Service at capacity",
    detail: "The realtime relay is shutting down.",
  },
};

export function refuseUpgrade(socket: Duplex, status: Refusal, publicUrl: string): void {
  // The http server removed its own error handler when it handed us the socket;
  // without one a reset from the client would crash the process.
  socket.on("error", ignore);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const problem = PROBLEMS[status];
  const body = JSON.stringify({
    type: `${publicUrl}/problems/${problem.slug}`,
    title: problem.title,
    status,
    detail: problem.detail,
  });
  const headers = [
    `HTTP/1.1 ${status} ${problem.reason}`,
    "Connection: close",
    "Content-Type: application/problem+json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${randomUUID()}`,
  ];
  if (status === 401) headers.push('WWW-Authenticate: Bearer realm="notes"');
  socket.once("finish", socket.destroy);
  socket.end(`${headers.join("\r\n")}\r\n\r\n${body}`);
}

function ignore(): void {}
