// integration: database-independent (runs once, on the embedded database, in CI: see vitest.config.ts)
// A malformed percent-escape in a path parameter (`%`, `%E0%A4%A`) is the client's
// mistake: every operation with a path parameter answers 400 invalid-request
// pointing at that parameter, with the headers every /v1 answer carries, on the
// self-hosted node:http entry and on the Fetch handler alike; /ops too. The
// operations come from the OpenAPI document, which is generated from the same
// declarations as the route table, so a new operation is covered without a list.
import { randomUUID } from "node:crypto";
import { TEST_OPERATOR_TOKEN } from "@notes/test-support/database-mode";
import { describe, expect, it } from "vitest";
import { Client, expectProblem, pointersOf } from "./support/api";
import { bothMounts } from "./support/fetch-mount";

const MALFORMED = ["%", "%E0%A4%A", "%zz"];

interface Operation {
  method: string;
  template: string;
  params: string[];
}

async function operationsWithPathParameters(base: string): Promise<Operation[]> {
  const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([template, methods]) => {
    const params = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? "");
    if (params.length === 0) return [];
    return Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      template: `/v1${template}`,
      params,
    }));
  });
}

/** The operation's path with `bad` set to `value` and every other parameter well-formed. */
const pathWith = (op: Operation, bad: string, value: string) =>
  op.params.reduce(
    (path, name) => path.replace(`{${name}}`, name === bad ? value : randomUUID()),
    op.template,
  );

describe.each(bothMounts("path-escapes-fetch-mount.log"))("on the $name mount", (mount) => {
  it("every operation with a path parameter answers a malformed escape with 400 invalid-request", async () => {
    const operations = await operationsWithPathParameters(mount.url());
    expect(operations.length).toBeGreaterThanOrEqual(18);
    const client = new Client(undefined, undefined, mount.url());
    for (const op of operations)
      for (const param of op.params)
        for (const value of MALFORMED) {
          const path = pathWith(op, param, value);
          const res = await client.call(op.method, path);
          const where = `${op.method} ${path}`;
          expect(res.status, where).toBe(400);
          expectProblem(res, 400, "invalid-request", mount.url());
          expect(pointersOf(res), where).toEqual([`#/path/${param}`]);
          expect(res.headers.get("cache-control"), where).toBe("no-store");
          expect(res.headers.get("access-control-allow-origin"), where).toBe("*");
        }
  });

  it("/ops answers a malformed handle with 400 invalid-request", async () => {
    const client = new Client(undefined, undefined, mount.url());
    for (const value of MALFORMED) {
      const res = await client.call("POST", `/ops/v1/accounts/${value}:grantComplimentary`, {
        token: TEST_OPERATOR_TOKEN,
      });
      expectProblem(res, 400, "invalid-request", mount.url());
      expect(pointersOf(res)).toEqual(["#/path/handle"]);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});
