// The direct path answers what tRPC's own Fetch adapter answers: each request
// below goes through both, on a small router with a formatter like ours, and the
// status and body must be equal (the endpoint's headers are checked end to end in
// apps/web/test/trpc-direct.test.ts). Requests the direct path leaves to the adapter
// must be told apart before their body is read.

import type { AnyProcedure } from "@trpc/server";
import { initTRPC, TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { restRequestOf } from "./rest/exchange";
import type { ApiContext } from "./trpc";
import { directInputs, planDirect, runDirect } from "./trpc-direct";

const t = initTRPC.context<{ tag: string }>().create({
  isDev: false,
  errorFormatter: ({ shape, ctx, path }) => ({
    ...shape,
    data: { ...shape.data, tag: ctx?.tag, path },
  }),
});
const router = t.router({
  echo: t.procedure.input(z.object({ text: z.string() })).mutation(({ input }) => input),
  conflict: t.procedure.mutation(() => {
    throw new TRPCError({ code: "CONFLICT", message: "taken" });
  }),
  read: t.procedure.input(z.unknown()).query(({ input }) => ({ got: input ?? null })),
  boom: t.procedure.query(() => {
    throw new Error("a secret internal message");
  }),
  nested: t.router({ ping: t.procedure.query(() => "pong") }),
});
// At run time tRPC keeps every procedure under its dotted path ("nested.ping").
const procedures = router._def.procedures as unknown as Record<string, AnyProcedure | undefined>;
const ENDPOINT = "/api/trpc";
const base = "http://test.local/api/trpc/";

const request = (path: string, init: RequestInit = {}) => new Request(`${base}${path}`, init);
const post = (path: string, body: string, contentType = "application/json") =>
  request(path, { method: "POST", body, headers: { "Content-Type": contentType } });

async function viaAdapter(req: Request) {
  const res = await fetchRequestHandler({
    endpoint: ENDPOINT,
    req,
    router,
    maxBatchSize: 10,
    createContext: () => ({ tag: "ctx" }),
  });
  return { status: res.status, body: await res.json() };
}

async function viaDirect(req: Request) {
  const rest = restRequestOf(req);
  const plan = planDirect(rest, ENDPOINT, procedures);
  if (!plan) throw new Error(`not taken: ${req.method} ${req.url}`);
  const inputs = directInputs(rest, plan, router, (error) => error);
  const answer = await runDirect(plan, inputs, router, { tag: "ctx" } as unknown as ApiContext);
  return { status: answer.status, body: JSON.parse(answer.body) };
}

describe("the direct tRPC path", () => {
  const cases: [string, () => Request][] = [
    ["a mutation", () => post("echo", JSON.stringify({ text: "hi" }))],
    [
      "a mutation with a charset",
      () => post("echo", '{"text":"hi"}', "application/json; charset=utf-8"),
    ],
    ["a body that is not JSON", () => post("echo", '{"text":')],
    ["an empty body", () => post("echo", "")],
    ["input that fails validation", () => post("echo", '{"text":1}')],
    ["a procedure's own error", () => post("conflict", "{}")],
    ["a query with input", () => request(`read?input=${encodeURIComponent('{"a":[1]}')}`)],
    ["a query without input", () => request("read")],
    ["a query whose input is not JSON", () => request("read?input=%7B")],
    ["a nested procedure, its path escaped", () => request("nested.p%69ng")],
    ["an internal failure", () => request("boom")],
    [
      "a batch of queries, one failing (207)",
      () => request(`read,boom,read?batch=1&input=${encodeURIComponent('{"0":1,"2":{"x":2}}')}`),
    ],
    ["a batch without input", () => request("read,nested.ping?batch=1")],
    [
      "a batch whose input is an array",
      () => request(`read,read?batch=1&input=${encodeURIComponent("[1,2]")}`),
    ],
    ["a batch of mutations", () => post("echo,conflict?batch=1", '{"0":{"text":"a"},"1":{}}')],
  ];

  it.each(cases)("answers %s as tRPC's adapter does", async (_, make) => {
    const direct = await viaDirect(make());
    expect(direct).toEqual(await viaAdapter(make()));
  });

  it("leaves every other request to the adapter, its body unread", () => {
    const untaken: Request[] = [
      request("read", { method: "HEAD" }),
      request("echo", {
        method: "PUT",
        body: "{}",
        headers: { "Content-Type": "application/json" },
      }),
      request("echo"), // a mutation over GET: the adapter's 405 with Allow
      post("read", "{}"), // a query over POST
      post("nope", "{}"),
      post("echo", "{}", "text/plain"),
      request("echo", { method: "POST", body: "{}" }), // no content type
      request(`read?batch=1&input=%7B%7D`.replace("read", Array(11).fill("read").join(","))),
      request("read,read?batch=1", { headers: { "trpc-accept": "application/jsonl" } }),
      request("read,read?batch=1", { headers: { Accept: "application/jsonl" } }),
      request("read?connectionParams=%7B%7D"),
      request("%E0%A4%A"),
    ];
    for (const req of untaken) {
      expect(planDirect(restRequestOf(req), ENDPOINT, procedures), `${req.method} ${req.url}`).toBe(
        undefined,
      );
      expect(req.bodyUsed).toBe(false);
    }
    expect(
      planDirect(
        restRequestOf(request(`${Array(10).fill("read").join(",")}?batch=1`)),
        ENDPOINT,
        procedures,
      )?.calls,
    ).toHaveLength(10);
  });
});
