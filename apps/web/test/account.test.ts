// The account resource: profile with a strong ETag, conditional reads, merge
// patches held to If-Match, password change, deletion and e-mail verification.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { b64, key32, signIn, signUp, uniqueHandle } from "./support/accounts";
import { Client, expectNoBody, expectProblem, pointersOf } from "./support/api";
import { readOutbox } from "./support/ops";

async function profile(client: Client, token: string) {
  const res = await client.call("GET", "/v1/account", { token });
  expect(res.status).toBe(200);
  return { account: res.body, etag: res.headers.get("etag")! };
}

describe("GET /v1/account", () => {
  it("returns the profile with a strong ETag and 304 when it still matches", async () => {
    const { client, token, accountId } = await signUp();
    const { account, etag } = await profile(client, token);
    expect(account).toMatchObject({ id: accountId, tier: "free", usage: { noteCount: 0 } });
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await client.call("GET", "/v1/account", {
      token,
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
  });
});

describe("PATCH /v1/account", () => {
  it("requires If-Match (428) and refuses a stale one (412)", async () => {
    const { client, token } = await signUp();
    expectProblem(
      await client.call("PATCH", "/v1/account", { token, body: { handle: uniqueHandle() } }),
      428,
      "precondition-required",
    );
    const stale = await client.call("PATCH", "/v1/account", {
      token,
      body: { handle: uniqueHandle() },
      headers: { "If-Match": '"stale"' },
    });
    expectProblem(stale, 412, "precondition-failed");
  });

  it("patches handle and e-mail and returns the new ETag", async () => {
    const { client, token } = await signUp();
    const { etag } = await profile(client, token);
    const handle = uniqueHandle("renamed");
    const email = `${handle}@example.com`;
    const res = await client.call("PATCH", "/v1/account", {
      token,
      body: { handle, email },
      headers: { "If-Match": etag },
    });
    expect(res.status).toBe(200);
    // The address waits for verification (email-change.test.ts); the handle is at once.
    expect(res.body).toMatchObject({ handle, pendingEmail: email, emailVerified: false });
    expect(res.body).not.toHaveProperty("email");
    expect(res.headers.get("etag")).not.toBe(etag);
    expect((await profile(client, token)).etag).toBe(res.headers.get("etag"));
  });

  it("refuses a handle another account holds (409)", async () => {
    const other = await signUp();
    const { client, token } = await signUp();
    const { etag } = await profile(client, token);
    const res = await client.call("PATCH", "/v1/account", {
      token,
      body: { handle: other.credentials.identifier },
      headers: { "If-Match": etag },
    });
    expectProblem(res, 409, "identifier-taken");
  });

  it("validates members and keeps one identifier to sign in with", async () => {
    const { client, token } = await signUp();
    const { etag } = await profile(client, token);
    const bad = await client.call("PATCH", "/v1/account", {
      token,
      body: { handle: "x", email: "nope" },
      headers: { "If-Match": etag },
    });
    expectProblem(bad, 400, "invalid-request");
    expect(pointersOf(bad)).toEqual(["/email", "/handle"]);
    const none = await client.call("PATCH", "/v1/account", {
      token,
      body: { handle: null },
      headers: { "If-Match": etag },
    });
    expectProblem(none, 400, "invalid-request");
    const discover = await client.call("PATCH", "/v1/account", {
      token,
      body: { discoverableByEmail: true },
      headers: { "If-Match": etag },
    });
    expectProblem(discover, 400, "invalid-request");
    expect(pointersOf(discover)).toEqual(["/discoverableByEmail"]);
  });
});

describe("e-mail verification", () => {
  it("mails a single-use token that verifies the address; a new one waits beside it", async () => {
    const email = `${uniqueHandle("mail")}@example.com`;
    const { client, token } = await signUp(email);
    const sent = await client.call("POST", "/v1/account:sendVerificationEmail", { token });
    expect(sent.status).toBe(202);
    expectNoBody(sent);
    const mail = (await readOutbox()).find((m) => m.to === email)!;
    const code = mail.body.match(/code into the app: (\S+)/)![1]!;
    const verified = await client.call("POST", "/v1/account:verifyEmail", {
      token,
      body: { token: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ email, emailVerified: true });
    expectProblem(
      await client.call("POST", "/v1/account:verifyEmail", { token, body: { token: code } }),
      400,
      "invalid-request",
    );

    const { etag } = await profile(client, token);
    const discover = await client.call("PATCH", "/v1/account", {
      token,
      body: { discoverableByEmail: true },
      headers: { "If-Match": etag },
    });
    expect(discover.body).toMatchObject({ discoverableByEmail: true });
    const changed = await client.call("PATCH", "/v1/account", {
      token,
      body: { email: `x${email}` },
      headers: { "If-Match": discover.headers.get("etag")! },
    });
    expect(changed.body).toMatchObject({
      email,
      emailVerified: true,
      discoverableByEmail: true,
      pendingEmail: `x${email}`,
    });
  });

  it("refuses another account's token and a made-up one", async () => {
    const email = `${uniqueHandle("mail")}@example.com`;
    const owner = await signUp(email);
    await owner.client.call("POST", "/v1/account:sendVerificationEmail", { token: owner.token });
    const code = (await readOutbox())
      .find((m) => m.to === email)!
      .body.match(/code into the app: (\S+)/)![1]!;
    const thief = await signUp(`${uniqueHandle("thief")}@example.com`);
    const res = await thief.client.call("POST", "/v1/account:verifyEmail", {
      token: thief.token,
      body: { token: code },
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/token"]);
  });

  it("answers 400 when the account has no e-mail address", async () => {
    const { client, token } = await signUp();
    expectProblem(
      await client.call("POST", "/v1/account:sendVerificationEmail", { token }),
      400,
      "invalid-request",
    );
  });
});

describe("POST /v1/account:changePassword", () => {
  it("re-verifies, swaps the credential and revokes the other sessions only", async () => {
    const { client, credentials, token } = await signUp();
    const other = (await signIn(new Client(), credentials.identifier, credentials.authKey)).body
      .token as string;
    const newAuthKey = key32();
    const newWrappedMasterKey = b64(randomBytes(72));
    const res = await client.call("POST", "/v1/account:changePassword", {
      token,
      body: { currentAuthKey: credentials.authKey, newAuthKey, newWrappedMasterKey },
    });
    expect(res.status).toBe(204);
    expectNoBody(res);
    expect((await client.call("GET", "/v1/account", { token })).status).toBe(200);
    expectProblem(await client.call("GET", "/v1/account", { token: other }), 401, "no-session");
    expectProblem(
      await signIn(new Client(), credentials.identifier, credentials.authKey),
      401,
      "authentication-failed",
    );
    const fresh = await signIn(new Client(), credentials.identifier, newAuthKey);
    expect(fresh.body).toMatchObject({
      keys: { wrappedMasterKey: newWrappedMasterKey, kdfSalt: credentials.kdfSalt },
    });
    const recovered = await new Client().call("POST", "/v1/sessions:recover", {
      body: {
        identifier: credentials.identifier,
        recoveryAuthKey: credentials.recoveryAuthKey,
        newAuthKey: key32(),
        newWrappedMasterKey: key32(),
      },
    });
    expect(recovered.status).toBe(200);
  });

  it("answers 401 credential-rejected with a challenge for a wrong current key", async () => {
    const { client, token } = await signUp();
    const res = await client.call("POST", "/v1/account:changePassword", {
      token,
      body: { currentAuthKey: key32(), newAuthKey: key32(), newWrappedMasterKey: key32() },
    });
    expectProblem(res, 401, "credential-rejected");
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
    expect((await client.call("GET", "/v1/account", { token })).status).toBe(200);
  });

  it("rejects a malformed body", async () => {
    const { client, token } = await signUp();
    const res = await client.call("POST", "/v1/account:changePassword", {
      token,
      body: { currentAuthKey: key32() },
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/newAuthKey", "/newWrappedMasterKey"]);
  });
});

describe("POST /v1/account:delete", () => {
  it("refuses a wrong key, then deletes the account and its sessions", async () => {
    const { client, credentials, token } = await signUp();
    expectProblem(
      await client.call("POST", "/v1/account:delete", { token, body: { authKey: key32() } }),
      401,
      "credential-rejected",
    );
    const res = await client.call("POST", "/v1/account:delete", {
      token,
      body: { authKey: credentials.authKey },
    });
    expect(res.status).toBe(204);
    expectProblem(await client.call("GET", "/v1/account", { token }), 401, "no-session");
    expectProblem(
      await signIn(new Client(), credentials.identifier, credentials.authKey),
      401,
      "authentication-failed",
    );
    const again = await new Client().call("POST", "/v1/accounts", {
      body: { ...credentials, kdfIterations: 600_000 },
    });
    expect(again.status).toBe(201);
  });
});
