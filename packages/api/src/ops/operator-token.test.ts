import type { Core } from "@notes/core";
import { describe, expect, it } from "vitest";
import { createOpsHandler } from "./handler";
import { operatorAuthorized } from "./operator-token";

const TOKEN = "operator-token-0123456789";

describe("operatorAuthorized", () => {
  it("accepts exactly the bearer token, in any scheme case", () => {
    expect(operatorAuthorized(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(operatorAuthorized(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it("refuses a missing, shorter, longer, same-length or scheme-less token", () => {
    for (const header of [
      null,
      "",
      "Bearer ",
      `Bearer ${TOKEN.slice(1)}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}X`,
      TOKEN,
      `Basic ${TOKEN}`,
    ])
      expect(operatorAuthorized(header, TOKEN), String(header)).toBe(false);
  });
});

describe("the /ops handler without OPERATOR_TOKEN", () => {
  // A core whose database would throw: the routes must not exist, not even to ask.
  const core = {
    config: { publicUrl: "https://notes.test" },
    get db(): never {
      throw new Error("the database was reached");
    },
  } as unknown as Core;
  const ops = createOpsHandler(core, undefined);

  it("answers 404 not-found on every route, with or without a token", async () => {
    for (const [method, path] of [
      ["GET", "/ops/v1/stats"],
      ["GET", "/ops/v1/feedback"],
      ["GET", "/ops/v1/outbox"],
      ["POST", "/ops/v1/accounts/alice:grantComplimentary"],
      ["POST", "/ops/v1/accounts/alice:revokeComplimentary"],
    ] as const) {
      const res = await ops(
        new Request(`https://notes.test${path}`, {
          method,
          headers: { Authorization: `Bearer ${TOKEN}` },
        }),
        "req-1",
        "203.0.113.9",
      );
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(((await res.json()) as { type: string }).type).toBe(
        "https://notes.test/problems/not-found",
      );
    }
  });
});
