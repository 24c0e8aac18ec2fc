// GET /v1/openapi.json: valid OpenAPI 3.1 (checked by a real validator) that
// documents every route the adapter serves, with their real statuses, headers and
// problem+json errors.
import { readFileSync } from "node:fs";
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { signUp, uniqueHandle } from "./support/accounts";
import { baseUrl, Client, randomIp } from "./support/api";

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  type?: string;
  format?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
};
type Operation = {
  tags?: string[];
  description?: string;
  requestBody?: { description?: string; content: Record<string, { schema: Schema }> };
  responses: Record<
    string,
    {
      content?: Record<string, unknown>;
      headers?: Record<string, { required?: boolean }>;
    }
  >;
  security?: unknown[];
  parameters?: { name: string; in: string; schema?: Schema }[];
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
      ["/keypair/signing-key", "put", "204"],
      ["/notes", "post", "201"],
      ["/notes/{id}", "get", "200"],
      ["/notes/{id}", "delete", "204"],
      ["/notes/{id}/updates", "post", "200"],
      ["/notes/{id}:compact", "post", "200"],
      ["/notes/{id}/previous-compaction", "get", "200"],
      ["/notes/{id}/previous-compaction", "delete", "204"],
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
      ["/notes/{id}/roster-chain", "get", "200"],
      ["/key-transparency/notes/{id}", "get", "200"],
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
      "order",
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
      ["/keypair/signing-key", "put"],
      ["/notes", "post"],
      ["/notes/{id}/updates", "post"],
      ["/notes/{id}/members", "put"],
      ["/passkeys:finishEnrolment", "post"],
      ["/sessions:finishPasskey", "post"],
      ["/notes/{noteId}/share-links", "post"],
      ["/share-links/{id}:open", "post"],
    ] as const)
      expect(doc.paths[path]?.[method]?.description, `${method} ${path}`).toContain(link);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(await page.text()).toContain("notes/auth/v1");
  });
});

describe("the crypto known-answer vectors", () => {
  const files = {
    "crypto-vectors.json": "../../../packages/crypto/test-vectors/crypto-vectors.json",
    "lying-server-vectors.json": "../../../packages/crypto/src/lying-server-vectors.json",
    "group-state-vectors.json": "../../../packages/crypto/src/group-state-vectors.json",
    "key-pin-shard-vectors.json": "../../../packages/crypto/src/key-pin-shard-vectors.json",
    "device-link-vectors.json": "../../../packages/crypto/src/device-link-vectors.json",
    "share-link-vectors.json": "../../../packages/crypto/src/share-link-vectors.json",
  };

  it("are served beside the crypto page, byte for byte, as JSON, and linked from it and the document", async () => {
    const doc = await document();
    const page = await (await fetch(`${baseUrl()}/docs/client-crypto.md`)).text();
    for (const [name, file] of Object.entries(files)) {
      const link = `${baseUrl()}/docs/${name}`;
      expect(doc.info.description).toContain(link);
      expect(page).toContain(`(${name})`);
      const res = await fetch(link);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.text()).toBe(readFileSync(new URL(file, import.meta.url), "utf8"));
    }
  });

  it("answers 404 for a name that is not served", async () => {
    for (const name of ["package.json", "..%2Fpackage.json", "__proto__"]) {
      const res = await fetch(`${baseUrl()}/docs/${name}`);
      expect(res.status, name).toBe(404);
    }
  });
});

/** Every operation of the document, with where it is. */
function operations(doc: Doc): { where: string; path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      where: `${method.toUpperCase()} ${path}`,
      path,
      method,
      op,
    })),
  );
}

/** POSTs that take no body (besides those whose only input is in the path). */
const BODYLESS_POSTS = [
  "/account:sendVerificationEmail",
  "/billing/portal-sessions",
  "/device-links",
  "/feed-tickets",
  "/passkeys:beginEnrolment",
  "/passkeys:decline",
  "/sessions:beginPasskey",
];

describe("the document as a generated client reads it", () => {
  it("describes every operation", async () => {
    for (const { where, op } of operations(await document()))
      expect(op.description?.trim().length, where).toBeGreaterThan(20);
  });

  it("declares no request body where the operation takes none", async () => {
    const ops = operations(await document());
    const bodyless = ops.filter(({ method, op }) => method === "post" && !op.requestBody);
    expect(bodyless.map((o) => o.path)).toEqual(expect.arrayContaining(BODYLESS_POSTS));
    for (const { where, op } of ops) {
      if (!op.requestBody) continue;
      const schema = op.requestBody.content["application/json"]?.schema;
      expect(Object.keys(schema?.properties ?? {}).length, where).toBeGreaterThan(0);
      expect(op.requestBody.description, where).toMatch(/at most \d+ bytes/);
    }
  });

  it("answers those operations alike with no body and no Content-Type, or with {}", async () => {
    const user = await signUp(`${uniqueHandle("bodyless")}@example.test`);
    for (const path of BODYLESS_POSTS) {
      const statuses: number[] = [];
      for (const init of [{}, { body: "{}", type: "application/json" }] as const) {
        const res = await fetch(`${baseUrl()}/v1${path}`, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${user.token}`,
            "X-Forwarded-For": randomIp(),
            ...("type" in init && { "Content-Type": init.type }),
          },
          ...("body" in init && { body: init.body }),
        });
        statuses.push(res.status);
        const problem = res.status >= 400 ? ((await res.json()) as { type: string }).type : "";
        // Billing without a payment provider refuses for its own reason, never the body's.
        if (path === "/billing/portal-sessions")
          expect(problem, path).not.toMatch(/invalid-request|body-not-json|body-too-large/);
        else expect(res.status, `${path} ${problem}`).toBeLessThan(300);
      }
      expect(new Set(statuses).size, `${path} ${statuses}`).toBe(1);
    }
  });

  it("marks the headers that are always sent as required", async () => {
    for (const { where, op } of operations(await document()))
      for (const [status, response] of Object.entries(op.responses)) {
        const headers = response.headers ?? {};
        const at = `${where} ${status}`;
        expect(headers["X-Request-Id"]?.required, at).toBe(true);
        if (status === "401") expect(headers["WWW-Authenticate"]?.required, at).toBe(true);
        if (status === "429") expect(headers["Retry-After"]?.required, at).toBe(true);
        for (const name of ["Location", "ETag"])
          if (headers[name]) expect(headers[name]?.required, `${at} ${name}`).toBe(true);
      }
    const doc = await document();
    const revision = doc.paths["/notes/{id}/revisions"]?.post?.responses["201"];
    expect(revision?.headers?.Location?.required).toBe(true);
  });

  it("types snapshots as a boolean, which the server takes as true or false", async () => {
    const doc = await document();
    const snapshots = doc.paths["/changes"]?.get?.parameters?.find((p) => p.name === "snapshots");
    expect(snapshots?.schema).toMatchObject({ type: "boolean" });
    expect(snapshots?.schema).not.toHaveProperty("enum");
    const user = await signUp();
    for (const value of ["true", "false"]) {
      const res = await user.client.call("GET", `/v1/changes?snapshots=${value}`, {
        token: user.token,
      });
      expect(res.status, value).toBe(200);
    }
  });

  it("bounds every Base64 member of a request in decoded bytes and encoded length", async () => {
    const doc = await document();
    const resolve = (s: Schema | undefined): Schema | undefined =>
      s?.$ref ? (doc.components.schemas[s.$ref.split("/").pop() ?? ""] as Schema) : s;
    const byteMembers = (schema: Schema | undefined, at: string): [string, Schema][] => {
      const s = resolve(schema);
      if (!s) return [];
      if (s.format === "byte") return [[at, s]];
      if (s.items) return byteMembers(s.items, `${at}[]`);
      return Object.entries(s.properties ?? {}).flatMap(([k, v]) => byteMembers(v, `${at}/${k}`));
    };
    const found = operations(doc).flatMap(({ where, op }) =>
      byteMembers(op.requestBody?.content["application/json"]?.schema, where),
    );
    expect(found.length).toBeGreaterThan(20);
    for (const [at, schema] of found) {
      expect(schema.description, at).toMatch(/\d+ bytes/);
      expect(schema.minLength, at).toBeGreaterThanOrEqual(4);
      expect(schema.maxLength, at).toBeGreaterThanOrEqual(schema.minLength ?? 0);
    }
  });
});
