// POST /v1/sessions:recover: the recovery credential signs in, replaces the
// password credential and revokes every other session, in one step.

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { b64, key32, signIn, signUp, uniqueHandle } from "./support/accounts";
import { Client, expectProblem, pointersOf } from "./support/api";

describe("POST /v1/sessions:recover", () => {
  it("signs in, sets the new password and revokes the old sessions", async () => {
    const { client, credentials, token: oldToken } = await signUp();
    const newAuthKey = key32();
    const newWrappedMasterKey = b64(randomBytes(72));
    const res = await new Client().call("POST", "/v1/sessions:recover", {
      body: {
        identifier: credentials.identifier,
        recoveryAuthKey: credentials.recoveryAuthKey,
        newAuthKey,
        newWrappedMasterKey,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      keys: {
        wrappedMasterKey: newWrappedMasterKey,
        recoveryWrappedMasterKey: credentials.recoveryWrappedMasterKey,
      },
    });
    expect(
      (await client.call("GET", "/v1/account", { token: res.body.token as string })).status,
    ).toBe(200);
    expectProblem(await client.call("GET", "/v1/account", { token: oldToken }), 401, "no-session");
    expectProblem(
      await signIn(new Client(), credentials.identifier, credentials.authKey),
      401,
      "authentication-failed",
    );
    expect((await signIn(new Client(), credentials.identifier, newAuthKey)).status).toBe(200);
  });

  it("answers a wrong recovery key and an unknown identifier alike with 401", async () => {
    const { credentials } = await signUp();
    const body = (identifier: string) => ({
      identifier,
      recoveryAuthKey: key32(),
      newAuthKey: key32(),
      newWrappedMasterKey: key32(),
    });
    const wrong = await new Client().call("POST", "/v1/sessions:recover", {
      body: body(credentials.identifier),
    });
    const unknown = await new Client().call("POST", "/v1/sessions:recover", {
      body: body(uniqueHandle("nobody")),
    });
    expectProblem(wrong, 401, "authentication-failed");
    expectProblem(unknown, 401, "authentication-failed");
    expect(unknown.body).toEqual(wrong.body);
    expect((await signIn(new Client(), credentials.identifier, credentials.authKey)).status).toBe(
      200,
    );
  });

  it("lets a client fetch the recovery-wrapped master key first, with the recovery credential only", async () => {
    const { credentials } = await signUp();
    const res = await new Client().call("POST", "/v1/accounts:lookupRecoveryKey", {
      body: { identifier: credentials.identifier, recoveryAuthKey: credentials.recoveryAuthKey },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      kdfIterations: 600_000,
      kdfSalt: credentials.kdfSalt,
      recoveryWrappedMasterKey: credentials.recoveryWrappedMasterKey,
    });
    expect(res.body).not.toHaveProperty("token");
    const wrong = await new Client().call("POST", "/v1/accounts:lookupRecoveryKey", {
      body: { identifier: credentials.identifier, recoveryAuthKey: key32() },
    });
    const unknown = await new Client().call("POST", "/v1/accounts:lookupRecoveryKey", {
      body: { identifier: uniqueHandle("nobody"), recoveryAuthKey: key32() },
    });
    expectProblem(wrong, 401, "authentication-failed");
    expect(unknown.body).toEqual(wrong.body);
  });

  it("rejects a malformed body", async () => {
    const res = await new Client().call("POST", "/v1/sessions:recover", {
      body: { identifier: "someone" },
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/newAuthKey", "/newWrappedMasterKey", "/recoveryAuthKey"]);
  });
});
