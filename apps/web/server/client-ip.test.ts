import { describe, expect, it } from "vitest";
import { clientIp, parseProxyTrust } from "./client-ip";

const headers = (values: Record<string, string>) => ({
  get: (name: string) => values[name.toLowerCase()] ?? null,
});

describe("clientIp", () => {
  it("never takes the left-most X-Forwarded-For entry, which the client wrote", () => {
    const spoofed = headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.7" });
    expect(clientIp(spoofed, "10.0.0.2", { kind: "hops", hops: 1 })).toBe("203.0.113.7");
    expect(clientIp(spoofed, "10.0.0.2", { kind: "hops", hops: 2 })).toBe("6.6.6.6");
    expect(clientIp(spoofed, "10.0.0.2", { kind: "none" })).toBe("10.0.0.2");
  });

  it("falls back to the socket when fewer proxies wrote than are trusted", () => {
    const one = headers({ "x-forwarded-for": "203.0.113.7" });
    expect(clientIp(one, "10.0.0.2", { kind: "hops", hops: 2 })).toBe("10.0.0.2");
  });

  it("reads a platform's own header, and nothing else, when told to", () => {
    const vercel = headers({ "x-real-ip": "198.51.100.4", "x-forwarded-for": "6.6.6.6" });
    expect(clientIp(vercel, undefined, { kind: "header", name: "x-real-ip" })).toBe("198.51.100.4");
    expect(clientIp(headers({}), undefined, { kind: "header", name: "x-real-ip" })).toBe("unknown");
  });
});

describe("parseProxyTrust", () => {
  it("reads false, true, a hop count and a header", () => {
    expect(parseProxyTrust("false")).toEqual({ kind: "none" });
    expect(parseProxyTrust("true")).toEqual({ kind: "hops", hops: 1 });
    expect(parseProxyTrust("2")).toEqual({ kind: "hops", hops: 2 });
    expect(parseProxyTrust("header:X-Real-IP")).toEqual({ kind: "header", name: "x-real-ip" });
    expect(parseProxyTrust("left-most")).toBeUndefined();
    expect(parseProxyTrust("header:")).toBeUndefined();
  });
});
