// Sign-in and lookupAuthParams: success shapes, and no account enumeration —
// unknown identifiers answer exactly like wrong credentials, in the same timing class.
import { describe, expect, it } from "vitest";
import { key32, signIn, signUp, uniqueHandle } from "./support/accounts";
import { Client, expectProblem, pointersOf } from "./support/api";

describe("POST /v1/accounts:lookupAuthParams", () => {
  it("returns the account's KDF parameters", async () => {
    const { credentials } = await signUp();
    const res = await new Client().call("POST", "/v1/accounts:lookupAuthParams", {
      body: { identifier: credentials.identifier.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kdfIterations: 600_000, kdfSalt: credentials.kdfSalt });
  });

  it("answers an unknown identifier with stable, plausible parameters of the same shape", async () => {
    const identifier = uniqueHandle("ghost");
    const a = await new Client().call("POST", "/v1/accounts:lookupAuthParams", {
      body: { identifier },
    });
    const b = await new Client().call("POST", "/v1/accounts%3AlookupAuthParams", {
      body: { identifier },
    });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(Object.keys(a.body).sort()).toEqual(["kdfIterations", "kdfSalt"]);
    expect(Buffer.from(a.body.kdfSalt as string, "base64")).toHaveLength(16);
    const other = await new Client().call("POST", "/v1/accounts:lookupAuthParams", {
      body: { identifier: `${identifier}x` },
    });
    expect(other.body.kdfSalt).not.toEqual(a.body.kdfSalt);
  });

  it("rejects a malformed body", async () => {
    const res = await new Client().call("POST", "/v1/accounts:lookupAuthParams", { body: {} });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/identifier"]);
  });
});

describe("POST /v1/sessions", () => {
  it("signs in with the auth key and returns a working token", async () => {
    const { credentials, accountId } = await signUp();
    const client = new Client();
    const res = await signIn(client, credentials.identifier, credentials.authKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      account: { id: accountId },
      keys: { wrappedMasterKey: credentials.wrappedMasterKey },
    });
    const me = await client.call("GET", "/v1/account", { token: res.body.token as string });
    expect(me.status).toBe(200);
  });

  it("answers a wrong key and an unknown identifier identically", async () => {
    const { credentials } = await signUp();
    const wrong = await signIn(new Client(), credentials.identifier, key32());
    const unknown = await signIn(new Client(), uniqueHandle("nobody"), key32());
    const invalid = await signIn(new Client(), "not a valid identifier!", key32());
    for (const res of [wrong, unknown, invalid]) expectProblem(res, 401, "authentication-failed");
    expect(unknown.body).toEqual(wrong.body);
    expect(invalid.body).toEqual(wrong.body);
  });

  it("takes as long for an unknown identifier as for a wrong key (same timing class)", async () => {
    const { credentials } = await signUp();
    const time = async (identifier: string) => {
      const start = performance.now();
      await signIn(new Client(), identifier, key32());
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      wrong.push(await time(credentials.identifier));
      unknown.push(await time(uniqueHandle("nobody")));
    }
    // Both pay for one scrypt (~tens of ms); skipping it would make unknown ~20x faster.
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it("rejects a malformed body with pointers", async () => {
    const res = await new Client().call("POST", "/v1/sessions", {
      body: { identifier: "someone", authKey: "short" },
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/authKey"]);
  });

  it("limits attempts to 10 a minute per identifier, with Retry-After", async () => {
    const identifier = uniqueHandle("target");
    for (let i = 0; i < 10; i++)
      expectProblem(await signIn(new Client(), identifier, key32()), 401, "authentication-failed");
    const res = await signIn(new Client(), identifier, key32());
    expectProblem(res, 429, "rate-limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits attempts to 30 a minute per address", async () => {
    const client = new Client();
    for (let i = 0; i < 30; i++) await signIn(client, uniqueHandle("spray"), key32());
    expectProblem(await signIn(client, uniqueHandle("spray"), key32()), 429, "rate-limited");
  });
});
