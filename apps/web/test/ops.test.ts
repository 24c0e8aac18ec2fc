// /ops/v1 over real HTTP (contract.md §10): complimentary grant and revoke by
// handle, counts in the stats, and the mail and feedback outboxes; every route
// wants the operator token (a same-length wrong one too is refused; more than 10
// wrong ones a minute from one address are not even compared) and is absent (404)
// for anything it does not know. Without OPERATOR_TOKEN the routes do not
// exist at all, in both modes (also packages/api/src/ops/operator-token.test.ts).
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseEnv, mode, TEST_OPERATOR_TOKEN } from "@notes/test-support/database-mode";
import { startServer } from "@notes/test-support/server-process";
import { describe, expect, inject, it } from "vitest";
import { signUp, uniqueHandle } from "./support/accounts";
import { baseUrl, expectProblem, randomIp } from "./support/api";
import { newNote } from "./support/notes";
import { opsCall, readOutbox } from "./support/ops";

interface Stats {
  accounts: number;
  premium: number;
  notes: number;
  sessions: number;
}
const stats = async () => (await (await opsCall("GET", "/ops/v1/stats")).json()) as Stats;
const problem = async (res: Response) => ({
  status: res.status,
  contentType: res.headers.get("content-type"),
  type: ((await res.json()) as { type: string }).type,
});

describe("/ops/v1", () => {
  it("grants and revokes the complimentary tier, and counts accounts, premium ones and notes", async () => {
    const before = await stats();
    const user = await signUp();
    await newNote(user);
    const handle = user.credentials.identifier;
    const granted = await opsCall("POST", `/ops/v1/accounts/${handle}:grantComplimentary`);
    expect(granted.status).toBe(204);
    expect(granted.headers.get("x-request-id")).toBeTruthy();
    const during = await stats();
    expect(during.accounts).toBeGreaterThanOrEqual(before.accounts + 1);
    expect(during.premium).toBeGreaterThanOrEqual(before.premium + 1);
    expect(during.notes).toBeGreaterThanOrEqual(before.notes + 1);
    expect(during.premium).toBeLessThanOrEqual(during.accounts);
    const account = await user.client.call("GET", "/v1/account", { token: user.token });
    expect(account.body.tier).toBe("complimentary");
    // The colon may come percent-encoded, as some HTTP clients send it.
    const revoked = await opsCall("POST", `/ops/v1/accounts/${handle}%3ArevokeComplimentary`);
    expect(revoked.status).toBe(204);
    const after = await user.client.call("GET", "/v1/account", { token: user.token });
    expect(after.body.tier).toBe("free");
  });

  it("answers 404 not-found for an unknown handle, path or method", async () => {
    const base = `${baseUrl()}/problems`;
    for (const [method, path] of [
      ["POST", `/ops/v1/accounts/${uniqueHandle("ghost")}:grantComplimentary`],
      ["POST", "/ops/v1/accounts/a:makeAdmin"],
      ["GET", "/ops/v1/accounts/a:grantComplimentary"],
      ["POST", "/ops/v1/stats"],
      ["GET", "/ops/v2/stats"],
    ] as const)
      expect(await problem(await opsCall(method, path)), `${method} ${path}`).toEqual({
        status: 404,
        contentType: "application/problem+json",
        type: `${base}/not-found`,
      });
  });

  it("refuses a missing or wrong token of any length with 401 and a bearer challenge", async () => {
    const sameLength = "x".repeat(TEST_OPERATOR_TOKEN.length);
    for (const header of [undefined, `Bearer ${sameLength}`, `Bearer ${TEST_OPERATOR_TOKEN}x`]) {
      const res = await fetch(`${baseUrl()}/ops/v1/feedback`, {
        headers: header ? { Authorization: header } : {},
      });
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="notes"/);
      expect(await problem(res)).toEqual({
        status: 401,
        contentType: "application/problem+json",
        type: `${baseUrl()}/problems/no-session`,
      });
    }
  });

  it("limits wrong tokens per address: past 10 a minute, 429 before any comparison", async () => {
    const ip = randomIp();
    const attempt = (token: string) =>
      fetch(`${baseUrl()}/ops/v1/stats`, {
        headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": ip },
      });
    const wrong = "y".repeat(TEST_OPERATOR_TOKEN.length);
    for (let i = 0; i < 10; i++) expect((await attempt(wrong)).status).toBe(401);
    for (const token of [wrong, TEST_OPERATOR_TOKEN]) {
      const res = await attempt(token);
      expect(await problem(res)).toEqual({
        status: 429,
        contentType: "application/problem+json",
        type: `${baseUrl()}/problems/rate-limited`,
      });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
    // Another address, and the right token, are not held up.
    expect((await opsCall("GET", "/ops/v1/stats")).status).toBe(200);
  });

  it("reads the mail outbox and the feedback outbox, newest first", async () => {
    const email = `${uniqueHandle("mail")}@example.test`;
    const user = await signUp(email);
    const sent = await user.client.call("POST", "/v1/account:sendVerificationEmail", {
      token: user.token,
    });
    expect(sent.status).toBe(202);
    const mails = await readOutbox();
    expect(mails.find((m) => m.to === email)).toBeTruthy();

    const first = `first ${Date.now()}`;
    const second = `second ${Date.now()}`;
    for (const message of [first, second])
      await user.client.call("POST", "/v1/feedback", {
        token: user.token,
        body: { message, category: "idea" },
      });
    const res = await opsCall("GET", "/ops/v1/feedback");
    const { feedback } = (await res.json()) as {
      feedback: { message: string; category: string; attempts: number }[];
    };
    const mine = feedback.filter((f) => f.message === first || f.message === second);
    expect(mine.map((f) => f.message)).toEqual([second, first]);
    expect(mine[0]).toMatchObject({ category: "idea", attempts: 0 });
    expectProblem(
      await user.client.call("GET", "/ops/v1/feedback", { token: user.token }),
      401,
      "no-session",
    );
  });
});

describe("a server started without OPERATOR_TOKEN", () => {
  it("has no /ops routes (404), in either database mode", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "notes-no-token-"));
    const server = await startServer(
      mode === "postgres"
        ? { DATA_DIR: dataDir, ...databaseEnv(), REALTIME_URL: inject("realtimeUrl") }
        : { DATA_DIR: dataDir },
      "no-operator-token-server.log",
    );
    try {
      for (const token of [undefined, TEST_OPERATOR_TOKEN]) {
        const stats = await fetch(`${server.url}/ops/v1/stats`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
        expect(await problem(stats)).toEqual({
          status: 404,
          contentType: "application/problem+json",
          type: `${server.url}/problems/not-found`,
        });
      }
      expect(existsSync(path.join(dataDir, "operator-token"))).toBe(false);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
