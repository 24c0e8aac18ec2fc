// PUT/GET /v1/keypair: set once, identical repeat is a no-op, different material
// is refused; the keys then travel with sign-in. Storing it needs the account's
// current auth key (issue 33, item 9): a session token alone is refused, 400 without
// one and 401 credential-rejected with a wrong one, and nothing is stored.
import { describe, expect, it } from "vitest";
import { key32, type SignedUp, signIn, signUp } from "./support/accounts";
import { Client, expectNoBody, expectProblem, pointersOf } from "./support/api";
import { blob } from "./support/notes";

const putKeypair = (user: SignedUp, body: Record<string, unknown>) =>
  user.client.call("PUT", "/v1/keypair", { token: user.token, body });

describe("sharing keypair", () => {
  it("is 404 until set, then stored once and returned with sign-in", async () => {
    const user = await signUp();
    expectProblem(
      await user.client.call("GET", "/v1/keypair", { token: user.token }),
      404,
      "no-keypair",
    );
    const keypair = { publicKey: blob(32), wrappedPrivateKey: blob(72) };
    const proven = { ...keypair, authKey: user.credentials.authKey };
    const put = await putKeypair(user, proven);
    expect(put.status, put.text).toBe(204);
    expectNoBody(put);
    expect((await putKeypair(user, proven)).status).toBe(204);
    expectProblem(
      await putKeypair(user, { ...proven, publicKey: blob(32) }),
      409,
      "keypair-exists",
    );
    expect((await user.client.call("GET", "/v1/keypair", { token: user.token })).body).toEqual(
      keypair,
    );
    const session = await signIn(
      new Client(),
      user.credentials.identifier,
      user.credentials.authKey,
    );
    expect(session.body.keys).toMatchObject(keypair);
  });

  it("validates sizes", async () => {
    const user = await signUp();
    const res = await putKeypair(user, {
      publicKey: blob(129),
      wrappedPrivateKey: blob(257),
      authKey: user.credentials.authKey,
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/publicKey", "/wrappedPrivateKey"]);
  });
});

describe("PUT /v1/keypair with a session token alone (issue 33, item 9)", () => {
  it("answers 400 pointing at authKey when it is missing or not 32 bytes, and stores nothing", async () => {
    const user = await signUp();
    const keypair = { publicKey: blob(32), wrappedPrivateKey: blob(72) };
    for (const authKey of [undefined, blob(31), "not base64!"]) {
      const res = await putKeypair(user, { ...keypair, ...(authKey && { authKey }) });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res), String(authKey)).toEqual(["/authKey"]);
    }
    expectProblem(
      await user.client.call("GET", "/v1/keypair", { token: user.token }),
      404,
      "no-keypair",
    );
  });

  it("answers 401 credential-rejected with the bearer challenge for a wrong auth key, keeps the session, and the owner still publishes", async () => {
    const user = await signUp();
    const thief = { publicKey: blob(32), wrappedPrivateKey: blob(72), authKey: key32() };
    const res = await putKeypair(user, thief);
    expectProblem(res, 401, "credential-rejected");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="notes"/);
    expect((await user.client.call("GET", "/v1/account", { token: user.token })).status).toBe(200);
    expectProblem(
      await user.client.call("GET", "/v1/keypair", { token: user.token }),
      404,
      "no-keypair",
    );
    const own = { publicKey: blob(32), wrappedPrivateKey: blob(72) };
    const put = await putKeypair(user, { ...own, authKey: user.credentials.authKey });
    expect(put.status, put.text).toBe(204);
    expect((await user.client.call("GET", "/v1/keypair", { token: user.token })).body).toEqual(own);
  });

  it("checks the auth key before the stored keypair: a wrong one learns nothing from 409 or 204", async () => {
    const user = await signUp();
    const keypair = { publicKey: blob(32), wrappedPrivateKey: blob(72) };
    expect((await putKeypair(user, { ...keypair, authKey: user.credentials.authKey })).status).toBe(
      204,
    );
    for (const probe of [keypair, { ...keypair, publicKey: blob(32) }])
      expectProblem(
        await putKeypair(user, { ...probe, authKey: key32() }),
        401,
        "credential-rejected",
      );
  });

  it("answers 401 no-session without a token, before reading the auth key", async () => {
    const res = await new Client().call("PUT", "/v1/keypair", {
      body: { publicKey: blob(32), wrappedPrivateKey: blob(72), authKey: key32() },
    });
    expectProblem(res, 401, "no-session");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="notes"/);
  });
});
