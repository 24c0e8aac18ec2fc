// POST /v1/accounts over real HTTP: shape, validation, uniqueness under races,
// body handling and the per-IP sign-up limit.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { b64, newCredentials, signUp, signUpBody, uniqueHandle } from "./support/accounts";
import { Client, expectProblem, pointersOf } from "./support/api";

describe("POST /v1/accounts", () => {
  it("creates an account, opens a session and answers 201 with Location", async () => {
    const { response, credentials } = await signUp();
    expect(response.headers.get("location")).toMatch(/\/v1\/account$/);
    expect(response.body).toMatchObject({
      account: {
        handle: credentials.identifier,
        emailVerified: false,
        discoverableByEmail: false,
        passkeys: { offerEnrolment: true },
        subscription: { status: "none", cancelAtPeriodEnd: false },
        tier: "free",
        usage: { accountBytes: 0, maxAccountBytes: 50 * 1024 * 1024, noteCount: 0 },
      },
      keys: {
        kdfIterations: 600_000,
        kdfSalt: credentials.kdfSalt,
        wrappedMasterKey: credentials.wrappedMasterKey,
        recoveryWrappedMasterKey: credentials.recoveryWrappedMasterKey,
      },
    });
    expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.keys).not.toHaveProperty("publicKey");
  });

  it("accepts an e-mail identifier and lower-cases it", async () => {
    const email = `${uniqueHandle("Mixed")}@Example.COM`;
    const { response } = await signUp(email);
    expect((response.body.account as { email: string }).email).toBe(email.toLowerCase());
    expect(response.body.account).not.toHaveProperty("handle");
  });

  it("lists every invalid member with a JSON pointer", async () => {
    const client = new Client();
    const res = await client.call("POST", "/v1/accounts", {
      body: {
        identifier: "x",
        authKey: "not base64!",
        kdfIterations: 1000,
        kdfSalt: b64(randomBytes(8)),
      },
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual([
      "/authKey",
      "/kdfIterations",
      "/kdfSalt",
      "/recoveryAuthKey",
      "/recoveryWrappedMasterKey",
      "/wrappedMasterKey",
    ]);
  });

  it("rejects a handle outside the identifier rules", async () => {
    const res = await new Client().call("POST", "/v1/accounts", {
      body: signUpBody(newCredentials("ab")),
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/identifier"]);
  });

  it("rejects key material of the wrong size", async () => {
    const body = {
      ...signUpBody(newCredentials()),
      authKey: b64(randomBytes(31)),
      wrappedMasterKey: b64(randomBytes(257)),
    };
    const res = await new Client().call("POST", "/v1/accounts", { body });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/authKey", "/wrappedMasterKey"]);
  });

  it("refuses a taken handle case-insensitively with 409", async () => {
    const handle = uniqueHandle();
    await signUp(handle);
    const res = await new Client().call("POST", "/v1/accounts", {
      body: signUpBody(newCredentials(handle.toUpperCase())),
    });
    expectProblem(res, 409, "identifier-taken");
  });

  it("lets exactly one of two racing sign-ups for one handle win", async () => {
    const handle = uniqueHandle("race");
    const [a, b] = await Promise.all([
      new Client().call("POST", "/v1/accounts", { body: signUpBody(newCredentials(handle)) }),
      new Client().call("POST", "/v1/accounts", { body: signUpBody(newCredentials(handle)) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expectProblem(a.status === 409 ? a : b, 409, "identifier-taken");
  });

  it("answers 415 with Accept when the body is not declared JSON", async () => {
    const res = await new Client().call("POST", "/v1/accounts", {
      rawBody: JSON.stringify(signUpBody(newCredentials())),
      headers: { "Content-Type": "text/plain" },
    });
    expectProblem(res, 415, "body-not-json");
    expect(res.headers.get("accept")).toBe("application/json");
  });

  it("answers 400 body-not-json with Accept for unparseable JSON", async () => {
    const res = await new Client().call("POST", "/v1/accounts", {
      rawBody: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expectProblem(res, 400, "body-not-json");
    expect(res.headers.get("accept")).toBe("application/json");
  });

  it("answers 413 for a body over 1 MiB", async () => {
    const res = await new Client().call("POST", "/v1/accounts", {
      rawBody: JSON.stringify({ pad: "x".repeat(1024 * 1024) }),
      headers: { "Content-Type": "application/json" },
    });
    expectProblem(res, 413, "body-too-large");
  });

  it("limits sign-ups to 5 an hour per address, with Retry-After", async () => {
    const client = new Client();
    for (let i = 0; i < 5; i++) await signUp(undefined, client);
    const res = await client.call("POST", "/v1/accounts", { body: signUpBody(newCredentials()) });
    expectProblem(res, 429, "rate-limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
