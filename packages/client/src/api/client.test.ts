// The REST client builds URLs and bodies the way the server's adapter reads them and
// turns problem+json answers into ApiProblem values.
import { describe, expect, it } from "vitest";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { createApiClient } from "./client";
import { ApiProblem, isProblem } from "./problem";

const BASE = "http://notes.test";
const ID = "0b5e2c1a-4f7e-4d9a-8b3c-2e1f0a9d8c7b";
const coords = { id: ID, seq: 3, version: 2 };

describe("createApiClient", () => {
  it("fills path params and sends the rest as a JSON body with the bearer token", async () => {
    const { fetch, requests } = fakeFetch([json(coords)]);
    const api = createApiClient({ baseUrl: `${BASE}/`, fetch, token: "tok" });
    const out = await api.call("notes.append", { id: ID, updates: ["AAAA"], requestId: null });
    expect(out).toEqual(coords);
    expect(requests[0]).toMatchObject({
      url: `${BASE}/v1/notes/${ID}/updates`,
      method: "POST",
      body: { updates: ["AAAA"], requestId: null },
    });
    expect(requests[0]?.headers.Authorization).toBe("Bearer tok");
    expect(requests[0]?.headers["Content-Type"]).toBe("application/json");
  });

  it("sends GET inputs as query parameters and no body", async () => {
    const page = { changes: [], nextPageToken: "" };
    const { fetch, requests } = fakeFetch([json(page)]);
    const api = createApiClient({ baseUrl: BASE, fetch });
    await api.call("notes.changes", { pageToken: "abc_-", pageSize: 50, snapshots: "true" });
    const url = new URL(requests[0]?.url ?? "");
    expect(url.pathname).toBe("/v1/changes");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pageToken: "abc_-",
      pageSize: "50",
      snapshots: "true",
    });
    expect(requests[0]?.body).toBeUndefined();
    expect(requests[0]?.headers.Authorization).toBeUndefined();
  });

  it("keeps the newest device token and sends it as Device-Token on sign-in calls only", async () => {
    const kept: string[] = [];
    const { fetch, requests } = fakeFetch([
      json({ kdfIterations: 600_000, kdfSalt: "AAAA" }),
      json({ token: "t", deviceToken: "dt1.b" }),
      json({ changes: [], nextPageToken: "" }),
      json({ kdfIterations: 600_000, kdfSalt: "AAAA" }),
    ]);
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      deviceToken: "dt1.a",
      onDeviceToken: (token) => kept.push(token),
    });
    await api.call("accounts.lookupAuthParams", { identifier: "ann" });
    await api.call("sessions.signIn", { identifier: "ann", authKey: "AAAA" });
    await api.call("notes.changes", {});
    await api.call("accounts.lookupAuthParams", { identifier: "ann" });
    expect(requests.map((r) => r.headers["Device-Token"])).toEqual([
      "dt1.a",
      "dt1.a",
      undefined,
      "dt1.b",
    ]);
    expect(kept).toEqual(["dt1.b"]);
    expect(api.getDeviceToken()).toBe("dt1.b");
  });

  it("keeps `:verb` suffixes after a path param and answers 204 with undefined", async () => {
    const { fetch, requests } = fakeFetch([new Response(null, { status: 204 })]);
    const api = createApiClient({ baseUrl: BASE, fetch });
    api.setToken("t2");
    await expect(api.call("notes.remove", { id: ID })).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ url: `${BASE}/v1/notes/${ID}`, method: "DELETE" });
    expect(requests[0]?.headers.Authorization).toBe("Bearer t2");
  });

  it("parses problem+json into ApiProblem with slug, errors and Retry-After", async () => {
    const problem = {
      type: `${BASE}/problems/invalid-request`,
      title: "Invalid request",
      status: 400,
      detail: "bad",
      errors: [{ pointer: "/updates/0", detail: "Must be standard Base64 with padding." }],
    };
    const { fetch } = fakeFetch([
      json(problem, 400),
      json({ type: `${BASE}/problems/rate-limited`, title: "Too many", status: 429 }, 429, {
        "Retry-After": "7",
      }),
    ]);
    const api = createApiClient({ baseUrl: BASE, fetch });
    const first = await api.call("notes.append", { id: ID, updates: ["?"] }).catch((e) => e);
    expect(first).toBeInstanceOf(ApiProblem);
    expect(first).toMatchObject({
      status: 400,
      slug: "invalid-request",
      title: "Invalid request",
      detail: "bad",
      errors: problem.errors,
      retryAfter: undefined,
    });
    expect(isProblem(first, "invalid-request")).toBe(true);
    expect(isProblem(first, "note-not-found")).toBe(false);
    const second = await api.call("notes.get", { id: ID }).catch((e) => e);
    expect(isProblem(second, "rate-limited") && second.retryAfter).toBe(7);
  });

  it("reads a non-JSON failure as an about:blank problem", async () => {
    const { fetch } = fakeFetch([new Response("gateway", { status: 502 })]);
    const api = createApiClient({ baseUrl: BASE, fetch });
    const error = await api.call("health", {}).catch((e) => e);
    expect(error).toMatchObject({ status: 502, slug: "about:blank" });
  });

  it("types inputs from the server's router", () => {
    const api = createApiClient({ baseUrl: BASE, fetch: fakeFetch([]).fetch });
    // @ts-expect-error updates must be an array of strings
    void api.call("notes.append", { id: ID, updates: [1] }).catch(() => undefined);
    // @ts-expect-error unknown procedure
    void (() => api.call("notes.nope", {}));
  });
});
