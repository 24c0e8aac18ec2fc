// Every 201 names what it created: the OpenAPI document declares `Location` as a
// required header of each 201, and the server sends it. The walk takes its list of
// 201 operations from the document, so a new one without a case here fails.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { type ApiResponse, baseUrl, Client } from "./support/api";
import { newEpochId, premiumMember, sealKey } from "./support/bridge";
import { blob, createNote, newNote } from "./support/notes";

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { headers?: Record<string, { required?: boolean }> }> }
    >
  >;
};

/** Operations exercised where their set-up lives (a fake Stripe, a software authenticator). */
const ELSEWHERE: Record<string, string> = {
  "POST /billing/checkout-sessions": "billing.test.ts",
  "POST /billing/portal-sessions": "billing.test.ts",
  "POST /passkeys:finishEnrolment": "passkeys.test.ts",
  // Their sealed bodies are made by the suites' own helpers, which assert the Location.
  "POST /notes/{id}/attachments": "attachments.test.ts",
  "POST /notes/{noteId}/share-links": "share-links.test.ts",
};

/** One real call per 201 operation, and the Location it must answer. */
const CASES: Record<string, () => Promise<{ res: ApiResponse; location: RegExp }>> = {
  "POST /accounts": async () => {
    const user = await signUp();
    return { res: user.response, location: /\/v1\/account$/ };
  },
  "POST /notes": async () => {
    const { res, body } = await createNote(await signUp());
    return { res, location: new RegExp(`/v1/notes/${body.id}$`) };
  },
  "POST /notes/{id}/revisions": async () => {
    const user = await premiumMember();
    const { id } = await newNote(user);
    const res = await user.client.call("POST", `/v1/notes/${id}/revisions`, {
      token: user.token,
      body: { snapshot: blob(100), epochId: newEpochId() },
    });
    return { res, location: new RegExp(`/v1/notes/${id}/revisions/1$`) };
  },
  "POST /notes/{id}/room-tickets": async () => {
    const user = await signUp();
    const { id } = await newNote(user);
    const res = await user.client.call("POST", `/v1/notes/${id}/room-tickets`, {
      token: user.token,
    });
    return { res, location: /^wss?:\/\/.+\?ticket=/ };
  },
  "POST /feed-tickets": async () => {
    const user = await signUp();
    const res = await user.client.call("POST", "/v1/feed-tickets", { token: user.token });
    return { res, location: /^wss?:\/\/.+\?ticket=/ };
  },
  "POST /device-links": async () => {
    const user = await signUp();
    const res = await user.client.call("POST", "/v1/device-links", { token: user.token });
    return { res, location: /\/v1\/device-links\/[0-9a-f-]{36}$/ };
  },
  "POST /bridge/keys": async () => {
    const user = await premiumMember();
    const res = await sealKey(user, user.accountId, newEpochId());
    return { res, location: /\/v1\/bridge\/keys$/ };
  },
  "POST /bridge/messages": async () => {
    const user = await premiumMember();
    const res = await user.client.call("POST", "/v1/bridge/messages", {
      token: user.token,
      body: { body: blob(1_064), epochId: newEpochId(), requestId: randomUUID() },
    });
    return { res, location: /\/v1\/bridge\/messages\/\d+$/ };
  },
};

async function createdOperations(): Promise<string[]> {
  const doc = (await (await fetch(`${baseUrl()}/v1/openapi.json`)).json()) as Doc;
  const found: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const created = op.responses["201"];
      if (!created) continue;
      const where = `${method.toUpperCase()} ${path}`;
      expect(created.headers?.Location?.required, where).toBe(true);
      found.push(where);
    }
  return found.sort();
}

describe("201 Created", () => {
  it("every 201 operation in the document declares Location, and answers it", async () => {
    const created = await createdOperations();
    expect(created).toEqual([...Object.keys(CASES), ...Object.keys(ELSEWHERE)].sort());
    for (const [where, run] of Object.entries(CASES)) {
      const { res, location } = await run();
      expect(res.status, `${where}: ${res.text}`).toBe(201);
      const header = res.headers.get("location") ?? "";
      expect(header, where).toMatch(location);
      if (header.startsWith("http")) expect(header.startsWith(baseUrl()), where).toBe(true);
    }
  });

  it("exposes Location to browsers", async () => {
    const res = await new Client().call("POST", "/v1/feed-tickets", {
      token: (await signUp()).token,
    });
    expect(res.headers.get("access-control-expose-headers")).toMatch(/Location/);
  });
});
