// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// Feedback (contract.md §3, §6, §11): the yearly allowance of 12, the 429 past it,
// and delivery to the operator's webhook from a durable outbox — a webhook that
// fails twice and then accepts loses nothing; without one the operator reads the
// outbox over /ops.

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { databaseEnv } from "@notes/test-support/database-mode";
import { startServer } from "@notes/test-support/server-process";
import { describe, expect, it } from "vitest";
import { newCredentials, signUp, signUpBody } from "./support/accounts";
import { Client, expectProblem, pointersOf } from "./support/api";
import { opsCall } from "./support/ops";

describe("the feedback allowance", () => {
  it("counts 12 a rolling year, then answers 429 feedback-allowance with Retry-After", async () => {
    const user = await signUp();
    const fresh = await user.client.call("GET", "/v1/feedback/allowance", { token: user.token });
    expect(fresh.body).toEqual({ limit: 12, used: 0, remaining: 12, windowDays: 365 });
    const sent = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        user.client.call("POST", "/v1/feedback", {
          token: user.token,
          body: { message: `Idea number ${i}`, category: "idea" },
        }),
      ),
    );
    expect(sent.filter((r) => r.status === 202)).toHaveLength(12);
    const refused = sent.filter((r) => r.status !== 202);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expectProblem(r, 429, "feedback-allowance");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(364 * 86_400);
    }
    const used = await user.client.call("GET", "/v1/feedback/allowance", { token: user.token });
    expect(used.body).toMatchObject({ limit: 12, used: 12, remaining: 0 });
    expect(Date.parse(used.body.nextFreesAt as string)).toBeGreaterThan(
      Date.now() + 364 * 86_400_000,
    );
  });

  it("validates the message and category, and needs a session", async () => {
    const user = await signUp();
    for (const [body, pointer] of [
      [{ message: "" }, "/message"],
      [{ message: "x".repeat(4001) }, "/message"],
      [{ message: "ok", category: "rant" }, "/category"],
    ] as const) {
      const res = await user.client.call("POST", "/v1/feedback", { token: user.token, body });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toEqual([pointer]);
    }
    expectProblem(
      await new Client().call("POST", "/v1/feedback", { body: { message: "hi" } }),
      401,
      "no-session",
    );
  });

  it("keeps feedback in the outbox the operator reads when no webhook is set", async () => {
    const user = await signUp();
    const marker = `outbox-${Date.now()}`;
    await user.client.call("POST", "/v1/feedback", {
      token: user.token,
      body: { message: marker },
    });
    const res = await opsCall("GET", "/ops/v1/feedback");
    const { feedback } = (await res.json()) as {
      feedback: { message: string; deliveredAt: null }[];
    };
    expect(feedback.find((f) => f.message === marker)).toMatchObject({ deliveredAt: null });
  });
});

describe("feedback delivery", () => {
  // In Postgres mode the relaying server shares the suite's database, so the
  // outbox also holds other tests' feedback: only this test's message is counted.
  it("survives a webhook that fails twice, then delivers exactly once", async () => {
    const message = `The export button is hard to find ${Date.now()}`;
    const received: string[] = [];
    let calls = 0;
    const webhook: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const text = String(JSON.parse(body).text);
        if (!text.includes(message)) return res.writeHead(200).end();
        calls++;
        if (calls <= 2) return res.writeHead(503).end();
        received.push(text);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => webhook.listen(0, "127.0.0.1", r));
    const server = await startServer(
      {
        DATABASE_URL: "",
        ...databaseEnv(),
        FEEDBACK_WEBHOOK_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`,
        FEEDBACK_RETRY_MS: "100",
      },
      "feedback-server.log",
    );
    try {
      const client = new Client(undefined, undefined, server.url);
      const created = await client.call<{ token: string }>("POST", "/v1/accounts", {
        body: signUpBody(newCredentials()),
      });
      const sent = await client.call("POST", "/v1/feedback", {
        token: created.body.token,
        body: { message, category: "bug" },
      });
      expect(sent.status).toBe(202);
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(received).toEqual([`Feedback (bug): ${message}`]);
      expect(calls).toBe(3);
      await new Promise((r) => setTimeout(r, 500));
      expect(calls).toBe(3);
    } finally {
      await server.stop();
      webhook.close();
    }
  }, 60_000);
});
