// Next's proxy (formerly middleware): gives every page response a fresh nonce and
// the security headers of security-headers.ts. Next reads the nonce from the
// request's Content-Security-Policy header and puts it on the scripts it renders
// (pages are rendered per request for that: see app/layout.tsx).
// A share link's page (/s/{id}) also gets its HTTP status here, from the link's probe
// (link-page-state.ts): 410 for an ended link, 404 for an unknown one, and the page is
// told how it ended so it says so without asking again.

import { requestIdFrom } from "@notes/api/rest/request-id";
import { type NextRequest, NextResponse } from "next/server";
import { loadEnv } from "./env";
import { objectStoreOrigin, securityHeaders, usesCamera } from "./security-headers";
import { LINK_ENDED_HEADER, linkPageId, linkPageState } from "./server/link-page-state";

const env = loadEnv();
const storeOrigin = objectStoreOrigin(env);

export async function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const headers = securityHeaders({
    nonce,
    publicUrl: env.PUBLIC_URL,
    realtimeUrl: env.REALTIME_URL,
    dev: env.NODE_ENV === "development",
    camera: usesCamera(request.nextUrl.pathname),
    objectStoreOrigin: storeOrigin,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"] ?? "");
  requestHeaders.delete(LINK_ENDED_HEADER);
  const linkId = linkPageId(request.nextUrl.pathname);
  const link = linkId === undefined ? undefined : await linkPageState(linkId, request);
  if (link?.ended) requestHeaders.set(LINK_ENDED_HEADER, link.ended);
  const response =
    link && link.status !== 200
      ? NextResponse.rewrite(request.nextUrl, {
          status: link.status,
          request: { headers: requestHeaders },
        })
      : NextResponse.next({ request: { headers: requestHeaders } });
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
