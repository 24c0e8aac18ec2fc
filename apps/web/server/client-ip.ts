// The client's address for rate limits: the socket peer, or the first
// X-Forwarded-For hop when TRUST_PROXY says a proxy in front sets it.
import type { HeaderReader } from "@notes/api";

export function clientIp(
  headers: HeaderReader,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? "unknown";
}
