// Sessions: listing, revoking one's own, signing out, and bearer-token errors
// (401 with the WWW-Authenticate challenge). Foreign sessions stay out of reach.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signIn, signUp } from "./support/accounts";
import { Client, expectNoBody, expectProblem, pointersOf } from "./support/api";

describe("sessions", () => {
  it("lists the account's sessions newest first, marking the current one", async () => {
    const { credentials, token: first } = await signUp();
    const phone = new Client(
      undefined,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1",
    );
    const second = (await signIn(phone, credentials.identifier, credentials.authKey)).body
      .token as string;
    const res = await phone.call<{
      sessions: {
        id: string;
        label: string;
        current: boolean;
        createdAt: string;
        lastUsedAt: string;
      }[];
      nextPageToken: string;
    }>("GET", "/v1/sessions", { token: second });
    expect(res.status).toBe(200);
    expect(res.body.nextPageToken).toBe("");
    expect(res.body.sessions).toHaveLength(2);
    expect(res.body.sessions[0]).toMatchObject({ current: true, label: "Safari on iOS" });
    expect(res.body.sessions[1]?.current).toBe(false);
    expect(first).not.toBe(second);
  });

  it("revokes one of the caller's other sessions, which is rejected at once", async () => {
    const { client, credentials, token } = await signUp();
    const other = (await signIn(new Client(), credentials.identifier, credentials.authKey)).body
      .token as string;
    const list = await client.call<{ sessions: { id: string; current: boolean }[] }>(
      "GET",
      "/v1/sessions",
      { token },
    );
    const target = list.body.sessions.find((s) => !s.current)!;
    const res = await client.call("DELETE", `/v1/sessions/${target.id}`, { token });
    expect(res.status).toBe(204);
    expectNoBody(res);
    const denied = await client.call("GET", "/v1/account", { token: other });
    expectProblem(denied, 401, "no-session");
    expect(denied.headers.get("www-authenticate")).toBe(
      'Bearer realm="notes", error="invalid_token"',
    );
  });

  it("answers 404 for another account's session id and leaves it alive", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const bobs = await bob.client.call<{ sessions: { id: string }[] }>("GET", "/v1/sessions", {
      token: bob.token,
    });
    const res = await alice.client.call("DELETE", `/v1/sessions/${bobs.body.sessions[0]!.id}`, {
      token: alice.token,
    });
    expectProblem(res, 404, "not-found");
    expect((await bob.client.call("GET", "/v1/account", { token: bob.token })).status).toBe(200);
    expectProblem(
      await alice.client.call("DELETE", `/v1/sessions/${randomUUID()}`, { token: alice.token }),
      404,
      "not-found",
    );
  });

  it("rejects a malformed session id with a path pointer", async () => {
    const { client, token } = await signUp();
    const res = await client.call("DELETE", "/v1/sessions/not-a-uuid", { token });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["#/path/id"]);
  });

  it("signs out with DELETE /v1/sessions/current", async () => {
    const { client, token } = await signUp();
    const res = await client.call("DELETE", "/v1/sessions/current", { token });
    expect(res.status).toBe(204);
    expectNoBody(res);
    expectProblem(await client.call("GET", "/v1/sessions", { token }), 401, "no-session");
  });

  it("answers 401 with a bare bearer challenge when no token is sent", async () => {
    const client = new Client();
    for (const [method, path] of [
      ["GET", "/v1/sessions"],
      ["DELETE", "/v1/sessions/current"],
      ["GET", "/v1/account"],
      ["POST", "/v1/account:sendVerificationEmail"],
    ] as const) {
      const res = await client.call(method, path);
      expectProblem(res, 401, "no-session");
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="notes"');
    }
  });

  it("rejects a made-up or malformed token as invalid_token", async () => {
    const client = new Client();
    for (const token of ["A".repeat(43), "garbage"]) {
      const res = await client.call("GET", "/v1/account", { token });
      expectProblem(res, 401, "no-session");
      expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    }
  });
});
