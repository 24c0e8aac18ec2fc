// The REST adapter's own rules (contract.md §1), independent of any operation:
// unknown paths, wrong methods, encoded verbs, request ids, streamed bodies.
import { describe, expect, it } from "vitest";
import { baseUrl, Client, expectProblem } from "./support/api";

describe("REST adapter", () => {
  it("answers an unknown /v1 path with a 404 problem", async () => {
    const res = await new Client().call("GET", "/v1/nothing-here");
    expectProblem(res, 404, "not-found");
  });

  it("answers a known path with the wrong method with 405 and Allow", async () => {
    const res = await new Client().call("PUT", "/v1/account");
    expectProblem(res, 405, "method-not-allowed");
    expect(res.headers.get("allow")).toBe("GET, PATCH");
    const sessions = await new Client().call("PATCH", "/v1/sessions");
    expect(sessions.headers.get("allow")).toBe("GET, POST");
  });

  it("matches a percent-encoded ':' in custom verbs", async () => {
    const res = await new Client().call("POST", "/v1/accounts%3alookupAuthParams", {
      body: { identifier: "someone" },
    });
    expect(res.status).toBe(200);
  });

  it("puts X-Request-Id on every response and echoes a well-formed one", async () => {
    const client = new Client();
    for (const res of [
      await client.call("GET", "/v1/health"),
      await client.call("GET", "/v1/nothing"),
      await client.call("GET", "/v1/openapi.json"),
      await client.call("DELETE", "/v1/sessions/current"),
    ]) {
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
    const echoed = await client.call("GET", "/v1/health", {
      headers: { "X-Request-Id": "trace-1234abcd" },
    });
    expect(echoed.headers.get("x-request-id")).toBe("trace-1234abcd");
  });

  it("refuses a streamed body without Content-Length once it passes the limit", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 4 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${baseUrl()}/v1/accounts`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      // @ts-expect-error: Node's fetch needs duplex for a streamed body
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    // The server keeps serving.
    expect((await new Client().call("GET", "/v1/health")).status).toBe(200);
  });

  it("serves the problem catalogue and one page per type", async () => {
    const index = await fetch(`${baseUrl()}/problems`);
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toContain("text/html");
    const html = await index.text();
    for (const slug of ["invalid-request", "no-session", "rate-limited", "at-capacity"])
      expect(html).toContain(`/problems/${slug}`);
    const page = await fetch(`${baseUrl()}/problems/note-not-found`);
    expect(await page.text()).toContain("Note not found");
    expect((await fetch(`${baseUrl()}/problems/unknown-slug`)).status).toBe(404);
  });

  it("reports health with the database", async () => {
    const res = await new Client().call("GET", "/v1/health");
    expect(res.body).toEqual({ status: "ok", database: "ok" });
  });
});
