// GET /v1/openapi.json: valid OpenAPI 3.1 (checked by a real validator) that
// documents every route the adapter serves, with their real statuses, headers and
// problem+json errors.
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { baseUrl, Client } from "./support/api";

type Operation = {
  tags?: string[];
  description?: string;
  responses: Record<
    string,
    { content?: Record<string, unknown>; headers?: Record<string, unknown> }
  >;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
};
type Doc = {
  openapi: string;
  info: { description: string };
  tags: { name: string; description: string }[];
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
  servers: { url: string }[];
};

async function document(): Promise<Doc> {
  const res = await new Client().call<Doc>("GET", "/v1/openapi.json");
  expect(res.status).toBe(200);
  return res.body;
}

describe("GET /v1/openapi.json", () => {
  it("is valid OpenAPI 3.1", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("documents every operation with its real success status", async () => {
    const { paths, servers } = await document();
    expect(servers[0]?.url).toMatch(/\/v1$/);
    const expected: [string, string, string][] = [
      ["/accounts", "post", "201"],
      ["/accounts:lookupAuthParams", "post", "200"],
      ["/accounts:lookupRecoveryKey", "post", "200"],
      ["/sessions", "post", "200"],
      ["/sessions", "get", "200"],
      ["/sessions:recover", "post", "200"],
      ["/sessions/current", "delete", "204"],
      ["/sessions/{id}", "delete", "204"],
      ["/account", "get", "200"],
      ["/account", "patch", "200"],
      ["/account:changePassword", "post", "204"],
      ["/account:delete", "post", "204"],
      ["/account:replaceRecoveryKey", "post", "204"],
      ["/account:sendVerificationEmail", "post", "202"],
      ["/account:verifyEmail", "post", "200"],
      ["/tour-events", "post", "204"],
      ["/journey-events", "post", "204"],
      ["/health", "get", "200"],
      ["/keypair", "get", "200"],
      ["/keypair", "put", "204"],
      ["/notes", "post", "201"],
      ["/notes/{id}", "get", "200"],
      ["/notes/{id}", "delete", "204"],
      ["/notes/{id}/updates", "post", "200"],
      ["/notes/{id}:compact", "post", "200"],
      ["/notes/{id}/members", "get", "200"],
      ["/notes/{id}/revisions", "get", "200"],
      ["/notes/{id}/revisions", "post", "201"],
      ["/notes/{id}/revisions/{revision}", "get", "200"],
      ["/changes", "get", "200"],
      ["/users:resolve", "post", "200"],
      ["/notes/{id}/members", "put", "200"],
      ["/notes/{id}/room-tickets", "post", "201"],
      ["/feed-tickets", "post", "201"],
      ["/device-links", "post", "201"],
      ["/device-links/{id}", "get", "200"],
      ["/device-links/{id}", "delete", "204"],
      ["/device-links/{id}/claimer", "put", "204"],
      ["/device-links/{id}/seal", "put", "204"],
      ["/device-links/{id}/seal", "get", "200"],
      ["/passkeys", "get", "200"],
      ["/passkeys:beginEnrolment", "post", "200"],
      ["/passkeys:finishEnrolment", "post", "201"],
      ["/passkeys:decline", "post", "204"],
      ["/passkeys/{id}", "get", "200"],
      ["/passkeys/{id}", "delete", "204"],
      ["/sessions:beginPasskey", "post", "200"],
      ["/sessions:challengePasskey", "post", "200"],
      ["/sessions:finishPasskey", "post", "200"],
      ["/billing/prices", "get", "200"],
      ["/billing/checkout-sessions", "post", "201"],
      ["/billing/portal-sessions", "post", "201"],
      ["/billing/subscription", "patch", "200"],
      ["/billing/webhooks", "post", "200"],
      ["/bridge/keys", "get", "200"],
      ["/bridge/keys", "post", "201"],
      ["/bridge/members", "get", "200"],
      ["/bridge/messages", "post", "201"],
      ["/bridge/messages", "get", "200"],
      ["/bridge/messages/{seq}", "get", "200"],
    ];
    for (const [path, method, status] of expected) {
      const op = paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.responses[status], `${method} ${path} ${status}`).toBeDefined();
      expect(op?.responses["200"] === undefined).toBe(status !== "200");
      if (status === "204" || status === "202")
        expect(op?.responses[status]?.content).toBeUndefined();
    }
  });

  it("documents errors as problem+json with their headers", async () => {
    const { paths } = await document();
    const create = paths["/accounts"]!.post!;
    expect(Object.keys(create.responses).sort()).toEqual([
      "201",
      "400",
      "409",
      "413",
      "415",
      "429",
      "500",
      "503",
    ]);
    expect(create.responses["201"]?.headers).toHaveProperty("Location");
    expect(create.responses["409"]?.content).toHaveProperty(["application/problem+json"]);
    expect(create.responses["415"]?.headers).toHaveProperty("Accept");
    expect(create.responses["429"]?.headers).toHaveProperty("Retry-After");
    expect(create.security).toEqual([]);
    const patch = paths["/account"]!.patch!;
    expect(patch.responses["401"]?.headers).toHaveProperty("WWW-Authenticate");
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(["412", "428"]));
    expect(patch.parameters?.some((p) => p.name === "If-Match" && p.in === "header")).toBe(true);
    const get = paths["/account"]!.get!;
    expect(get.responses["304"]).toBeDefined();
    expect(get.responses["200"]?.headers).toHaveProperty("ETag");
    const note = paths["/notes/{id}"]!.get!;
    expect(note.responses["304"]).toBeDefined();
    expect(Object.keys(paths["/notes/{id}/updates"]!.post!.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "402", "403", "404", "410", "413", "415"]),
    );
    expect(paths["/changes"]!.get!.parameters?.map((p) => p.name).sort()).toEqual([
      "pageSize",
      "pageToken",
      "snapshots",
    ]);
    const tours = paths["/tour-events"]!.post!;
    expect(tours.responses["400"]).toBeDefined();
  });
});

describe("the document for third-party authors", () => {
  it("tags every operation with a declared tag and keeps no unused error schemas", async () => {
    const doc = await document();
    const declared = new Set(doc.tags.map((t) => t.name));
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const tag of op.tags ?? []) expect(declared.has(tag), tag).toBe(true);
      }
    expect(Object.keys(doc.components.schemas).filter((n) => n.startsWith("error."))).toEqual([]);
  });

  it("links the client-side scheme from the info and every operation taking key material", async () => {
    const doc = await document();
    const link = `${baseUrl()}/docs/client-crypto.md`;
    expect(doc.info.description).toContain(link);
    for (const [path, method] of [
      ["/accounts", "post"],
      ["/sessions", "post"],
      ["/sessions:recover", "post"],
      ["/account:changePassword", "post"],
      ["/account:replaceRecoveryKey", "post"],
      ["/keypair", "put"],
      ["/notes", "post"],
      ["/notes/{id}/updates", "post"],
      ["/notes/{id}/members", "put"],
      ["/passkeys:finishEnrolment", "post"],
      ["/sessions:finishPasskey", "post"],
    ] as const)
      expect(doc.paths[path]?.[method]?.description, `${method} ${path}`).toContain(link);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(await page.text()).toContain("notes/auth/v1");
  });
});
