// The client's address for rate limits. Only what the operator's own infrastructure
// wrote can be trusted: X-Forwarded-For's left-most entry is whatever the client sent,
// so it is never read. TRUST_PROXY says who is in front (env.ts, README):
// - none: the socket peer (the self-hosted server faces the clients itself);
// - hops N: N proxies, each appending the address it saw; the N-th entry from the
//   right is the one the outermost trusted proxy saw;
// - header NAME: a platform that sets NAME itself, overwriting any client value
//   (Vercel's x-real-ip, Cloudflare's cf-connecting-ip, Fly's fly-client-ip).
import type { HeaderReader } from "@notes/api";

export type ProxyTrust =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "header"; name: string };

export function clientIp(
  headers: HeaderReader,
  socketAddress: string | undefined,
  trust: ProxyTrust,
): string {
  if (trust.kind === "header") return headers.get(trust.name)?.trim() || "unknown";
  if (trust.kind === "hops") {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    // Fewer entries than proxies: the request skipped one, so no entry is vouched for.
    const seen = hops[hops.length - trust.hops];
    if (seen) return seen;
  }
  return socketAddress ?? "unknown";
}

/** TRUST_PROXY's value: false/0, true (one proxy), a hop count, or `header:NAME`. */
export function parseProxyTrust(value: string): ProxyTrust | undefined {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "0") return { kind: "none" };
  if (text === "true") return { kind: "hops", hops: 1 };
  if (/^[1-9]\d?$/.test(text)) return { kind: "hops", hops: Number(text) };
  const header = /^header:([a-z0-9-]{1,64})$/.exec(text);
  if (header?.[1]) return { kind: "header", name: header[1] };
  return undefined;
}
