// POST /v1/account:replaceRecoveryKey: a signed-in account swaps its recovery
// credential after re-verifying the password's auth key. The old code stops
// working at once; no session is revoked.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { b64, type Credentials, key32, signIn, signUp } from "./support/accounts";
import { Client, expectNoBody, expectProblem, pointersOf } from "./support/api";

const lookup = (c: Pick<Credentials, "identifier">, recoveryAuthKey: string) =>
  new Client().call("POST", "/v1/accounts:lookupRecoveryKey", {
    body: { identifier: c.identifier, recoveryAuthKey },
  });

const replacement = (authKey: string) => ({
  authKey,
  recoveryAuthKey: key32(),
  recoveryWrappedMasterKey: b64(randomBytes(72)),
});

describe("POST /v1/account:replaceRecoveryKey", () => {
  it("swaps the recovery credential; the old code fails at once and every session stays", async () => {
    const { client, credentials, token } = await signUp();
    const other = (await signIn(new Client(), credentials.identifier, credentials.authKey)).body
      .token as string;
    const body = replacement(credentials.authKey);
    const res = await client.call("POST", "/v1/account:replaceRecoveryKey", { token, body });
    expect(res.status).toBe(204);
    expectNoBody(res);

    expectProblem(
      await lookup(credentials, credentials.recoveryAuthKey),
      401,
      "authentication-failed",
    );
    const fresh = await lookup(credentials, body.recoveryAuthKey);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ recoveryWrappedMasterKey: body.recoveryWrappedMasterKey });

    expect((await client.call("GET", "/v1/account", { token })).status).toBe(200);
    expect((await client.call("GET", "/v1/account", { token: other })).status).toBe(200);
    const signedIn = await signIn(new Client(), credentials.identifier, credentials.authKey);
    expect(signedIn.body).toMatchObject({
      keys: { recoveryWrappedMasterKey: body.recoveryWrappedMasterKey },
    });

    const oldRecover = await new Client().call("POST", "/v1/sessions:recover", {
      body: {
        identifier: credentials.identifier,
        recoveryAuthKey: credentials.recoveryAuthKey,
        newAuthKey: key32(),
        newWrappedMasterKey: key32(),
      },
    });
    expectProblem(oldRecover, 401, "authentication-failed");
  });

  it("answers 401 credential-rejected with a challenge for a wrong auth key and changes nothing", async () => {
    const { client, credentials, token } = await signUp();
    const res = await client.call("POST", "/v1/account:replaceRecoveryKey", {
      token,
      body: replacement(key32()),
    });
    expectProblem(res, 401, "credential-rejected");
    expect(res.headers.get("www-authenticate")).toContain('Bearer realm="notes"');
    expect((await lookup(credentials, credentials.recoveryAuthKey)).status).toBe(200);
    expect((await client.call("GET", "/v1/account", { token })).status).toBe(200);
  });

  it("cannot replace another account's recovery key, even with that account's auth key", async () => {
    const victim = await signUp();
    const thief = await signUp();
    const res = await thief.client.call("POST", "/v1/account:replaceRecoveryKey", {
      token: thief.token,
      body: replacement(victim.credentials.authKey),
    });
    expectProblem(res, 401, "credential-rejected");
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
    expect((await lookup(victim.credentials, victim.credentials.recoveryAuthKey)).status).toBe(200);
    expect((await lookup(thief.credentials, thief.credentials.recoveryAuthKey)).status).toBe(200);
  });

  it("answers 401 no-session without a valid token", async () => {
    const { credentials } = await signUp();
    const none = await new Client().call("POST", "/v1/account:replaceRecoveryKey", {
      body: replacement(credentials.authKey),
    });
    expectProblem(none, 401, "no-session");
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="notes"');
    const madeUp = await new Client().call("POST", "/v1/account:replaceRecoveryKey", {
      token: "x".repeat(43),
      body: replacement(credentials.authKey),
    });
    expectProblem(madeUp, 401, "no-session");
    expect(madeUp.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect((await lookup(credentials, credentials.recoveryAuthKey)).status).toBe(200);
  });

  it("rejects a malformed body with a pointer per bad member", async () => {
    const { client, credentials, token } = await signUp();
    const res = await client.call("POST", "/v1/account:replaceRecoveryKey", {
      token,
      body: { authKey: credentials.authKey, recoveryAuthKey: "short" },
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/recoveryAuthKey", "/recoveryWrappedMasterKey"]);
    const notJson = await client.call("POST", "/v1/account:replaceRecoveryKey", {
      token,
      rawBody: "{",
      headers: { "Content-Type": "application/json" },
    });
    expectProblem(notJson, 400, "body-not-json");
    expect(notJson.headers.get("accept")).toBe("application/json");
    expect((await lookup(credentials, credentials.recoveryAuthKey)).status).toBe(200);
  });
});
