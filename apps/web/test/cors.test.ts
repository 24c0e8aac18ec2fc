// CORS (contract.md §11): /v1 answers browsers from any origin without
// credentials; /ops and the web app's own endpoints do not.
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { baseUrl } from "./support/api";

describe("CORS", () => {
  it("answers a /v1 preflight from any origin with the headers clients send", async () => {
    const res = await fetch(`${baseUrl()}/v1/notes/00000000-0000-4000-8000-000000000000/members`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://client.example",
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "authorization, content-type, if-match",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("PUT");
    const allowed = res.headers.get("access-control-allow-headers")?.toLowerCase() ?? "";
    for (const h of ["authorization", "content-type", "if-match", "if-none-match"])
      expect(allowed).toContain(h);
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("exposes ETag, Location, Retry-After and X-Request-Id on answers and errors", async () => {
    const user = await signUp();
    const ok = await fetch(`${baseUrl()}/v1/account`, {
      headers: { Origin: "https://client.example", Authorization: `Bearer ${user.token}` },
    });
    const error = await fetch(`${baseUrl()}/v1/account`, {
      headers: { Origin: "https://client.example" },
    });
    for (const res of [ok, error]) {
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const exposed = res.headers.get("access-control-expose-headers") ?? "";
      for (const h of ["ETag", "Location", "Retry-After", "X-Request-Id"])
        expect(exposed).toContain(h);
    }
  });

  it("gives /ops no CORS headers", async () => {
    const res = await fetch(`${baseUrl()}/ops/v1/stats`, {
      method: "OPTIONS",
      headers: { Origin: "https://client.example", "Access-Control-Request-Method": "GET" },
    });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const get = await fetch(`${baseUrl()}/ops/v1/stats`, {
      headers: { Origin: "https://x.example" },
    });
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
  });
});
