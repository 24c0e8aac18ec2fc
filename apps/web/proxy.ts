// Next's proxy (formerly middleware): gives every page response a fresh nonce and
// the security headers of security-headers.ts. Next reads the nonce from the
// request's Content-Security-Policy header and puts it on the scripts it renders
// (pages are rendered per request for that: see app/layout.tsx).

import { requestIdFrom } from "@notes/api/rest/request-id";
import { type NextRequest, NextResponse } from "next/server";
import { loadEnv } from "./env";
import { securityHeaders, usesCamera } from "./security-headers";

const env = loadEnv();

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const headers = securityHeaders({
    nonce,
    publicUrl: env.PUBLIC_URL,
    realtimeUrl: env.REALTIME_URL,
    dev: env.NODE_ENV === "development",
    camera: usesCamera(request.nextUrl.pathname),
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"] ?? "");
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  // Under `next start` this is the only place a page gets its id (server.ts sets it first otherwise).
  response.headers.set("X-Request-Id", requestIdFrom(request.headers.get("x-request-id")));
  return response;
}

export const config = {
  // Pages only: the API, problem pages and static files are not HTML the app renders.
  matcher: [
    {
      source: "/((?!v1|api|ops|problems|docs|_next/static|_next/image|favicon.ico|sw.js).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
