// integration: database-independent (runs once, on the embedded database, in CI: see vitest.config.ts)
// One handler, two mounts: the same representative requests through the
// self-hosted server and through `next start` route handlers must answer alike.

import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseEnv } from "@notes/test-support/database-mode";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCredentials, signUpBody } from "./support/accounts";
import { type ApiResponse, baseUrl, Client } from "./support/api";

let nextUrl = "";
let nextProcess: ChildProcess;

beforeAll(async () => {
  const port = await freePort();
  nextUrl = `http://127.0.0.1:${port}`;
  nextProcess = startProcess(
    "next",
    {
      PORT: String(port),
      PUBLIC_URL: nextUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "notes-next-")),
      TRUST_PROXY: "true",
      ...databaseEnv(),
    },
    "next-start.log",
  );
  await waitForHealth(nextUrl, nextProcess);
}, 120_000);

afterAll(async () => {
  if (nextProcess) await stopProcess(nextProcess);
});

const WATCHED = [
  "content-type",
  "location",
  "etag",
  "www-authenticate",
  "accept",
  "allow",
  "retry-after",
];

/** What must match across mounts: status, headers present, problem slug, body keys. */
function fingerprint(res: ApiResponse, base: string) {
  return {
    status: res.status,
    headers: Object.fromEntries(WATCHED.map((h) => [h, res.headers.has(h)])),
    hasRequestId: res.headers.has("x-request-id"),
    type:
      typeof res.body.type === "string" ? (res.body.type as string).replace(base, "") : undefined,
    keys: Object.keys(res.body).sort(),
    pointers: (res.body.errors as { pointer: string }[] | undefined)?.map((e) => e.pointer),
    empty: res.text === "",
  };
}

async function both(run: (client: Client, base: string) => Promise<ApiResponse>) {
  const selfHosted = await run(new Client(undefined, "parity", baseUrl()), baseUrl());
  const viaNext = await run(new Client(undefined, "parity", nextUrl), nextUrl);
  return { selfHosted: fingerprint(selfHosted, baseUrl()), viaNext: fingerprint(viaNext, nextUrl) };
}

describe("self-hosted and next start mounts", () => {
  it("answer a success alike (201 with Location)", async () => {
    const r = await both((c) =>
      c.call("POST", "/v1/accounts", { body: signUpBody(newCredentials()) }),
    );
    expect(r.selfHosted.status).toBe(201);
    expect(r.viaNext).toEqual(r.selfHosted);
  });

  it("answer a validation error alike", async () => {
    const r = await both((c) => c.call("POST", "/v1/accounts", { body: { identifier: "ab" } }));
    expect(r.selfHosted.status).toBe(400);
    expect(r.viaNext).toEqual(r.selfHosted);
  });

  it("answer 401 alike, with the challenge", async () => {
    const r = await both((c) => c.call("GET", "/v1/account"));
    expect(r.selfHosted.headers["www-authenticate"]).toBe(true);
    expect(r.viaNext).toEqual(r.selfHosted);
  });

  it("answer a conditional read with 304 alike", async () => {
    const r = await both(async (c) => {
      const created = await c.call("POST", "/v1/accounts", { body: signUpBody(newCredentials()) });
      const token = created.body.token as string;
      const first = await c.call("GET", "/v1/account", { token });
      return c.call("GET", "/v1/account", {
        token,
        headers: { "If-None-Match": first.headers.get("etag")! },
      });
    });
    expect(r.selfHosted.status).toBe(304);
    expect(r.viaNext).toEqual(r.selfHosted);
  });

  it("answer an oversized body with 413 alike", async () => {
    const r = await both((c) =>
      c.call("POST", "/v1/accounts", {
        rawBody: JSON.stringify({ pad: "x".repeat(1_100_000) }),
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(r.selfHosted.status).toBe(413);
    expect(r.viaNext).toEqual(r.selfHosted);
  });

  it("answer an oversized /api/trpc body with 413 alike", async () => {
    const r = await both((c) =>
      c.call("POST", "/api/trpc/accounts.create", {
        rawBody: JSON.stringify({ pad: "x".repeat(1_100_000) }),
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(r.selfHosted.status).toBe(413);
    expect(r.viaNext).toEqual(r.selfHosted);
  });

  it("answer 415, 405 and 404 alike", async () => {
    for (const run of [
      (c: Client) =>
        c.call("POST", "/v1/sessions", {
          rawBody: "{}",
          headers: { "Content-Type": "text/plain" },
        }),
      (c: Client) => c.call("PUT", "/v1/account"),
      (c: Client) => c.call("GET", "/v1/unknown"),
    ]) {
      const r = await both(run);
      expect(r.viaNext).toEqual(r.selfHosted);
    }
  });
});
