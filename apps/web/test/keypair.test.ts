// PUT/GET /v1/keypair: set once, identical repeat is a no-op, different material
// is refused; the keys then travel with sign-in.
import { describe, expect, it } from "vitest";
import { signIn, signUp } from "./support/accounts";
import { Client, expectNoBody, expectProblem, pointersOf } from "./support/api";
import { blob } from "./support/notes";

describe("sharing keypair", () => {
  it("is 404 until set, then stored once and returned with sign-in", async () => {
    const user = await signUp();
    expectProblem(
      await user.client.call("GET", "/v1/keypair", { token: user.token }),
      404,
      "no-keypair",
    );
    const keypair = { publicKey: blob(32), wrappedPrivateKey: blob(72) };
    const put = await user.client.call("PUT", "/v1/keypair", { token: user.token, body: keypair });
    expect(put.status).toBe(204);
    expectNoBody(put);
    expect(
      (await user.client.call("PUT", "/v1/keypair", { token: user.token, body: keypair })).status,
    ).toBe(204);
    expectProblem(
      await user.client.call("PUT", "/v1/keypair", {
        token: user.token,
        body: { ...keypair, publicKey: blob(32) },
      }),
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
    const res = await user.client.call("PUT", "/v1/keypair", {
      token: user.token,
      body: { publicKey: blob(129), wrappedPrivateKey: blob(257) },
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/publicKey", "/wrappedPrivateKey"]);
  });
});
