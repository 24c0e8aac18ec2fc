// Targeted lock-out (issue 22, finding 7): anyone can spend an identifier's sign-in
// limit (10 a minute, from any address), and the right key is then refused too. A
// device that signed in before sends the `deviceToken` it was given as the
// `Device-Token` header and is counted in its own bucket; without one, with another
// account's, or with a forged one, the shared limit still applies.
import { describe, expect, it } from "vitest";
import { key32, type SignedUp, signIn, signUp } from "./support/accounts";
import { type ApiResponse, Client, expectProblem } from "./support/api";

/** Wrong keys for the account, each from a different address, until it is limited: the attacker. */
async function exhaust(identifier: string) {
  for (let i = 0; i < 11; i++) {
    const res = await signIn(new Client(), identifier, key32());
    if (res.status === 429) return;
    expectProblem(res, 401, "authentication-failed");
  }
  throw new Error("the identifier's limit never answered 429");
}

/** The device token an earlier, successful sign-in of `user` gave this device. */
async function tokenOfEarlierSignIn(user: SignedUp, client: Client): Promise<string> {
  const res = await signIn(client, user.credentials.identifier, user.credentials.authKey);
  expect(res.status, res.text).toBe(200);
  expect(res.body.deviceToken).toEqual(expect.any(String));
  return res.body.deviceToken as string;
}

function signInFrom(client: Client, user: SignedUp, deviceToken?: string) {
  const { identifier, authKey } = user.credentials;
  return client.call("POST", "/v1/sessions", {
    body: { identifier, authKey },
    ...(deviceToken !== undefined && { headers: { "Device-Token": deviceToken } }),
  });
}

function expectLimited(res: ApiResponse) {
  expectProblem(res, 429, "rate-limited");
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("Device-Token against targeted lock-out", () => {
  it("lets a device that signed in before in with the right key after an attacker spent the limit", async () => {
    const user = await signUp();
    const laptop = new Client();
    const deviceToken = await tokenOfEarlierSignIn(user, laptop);
    await exhaust(user.credentials.identifier);

    // The whole password flow: KDF parameters, then the key.
    const params = await laptop.call("POST", "/v1/accounts:lookupAuthParams", {
      body: { identifier: user.credentials.identifier },
      headers: { "Device-Token": deviceToken },
    });
    expect(params.status, params.text).toBe(200);
    const res = await signInFrom(laptop, user, deviceToken);
    expect(res.status, res.text).toBe(200);
    const me = await laptop.call("GET", "/v1/account", { token: res.body.token as string });
    expect(me.status).toBe(200);
  });

  it("still limits the right key without a token, with Retry-After", async () => {
    const user = await signUp();
    await exhaust(user.credentials.identifier);
    expectLimited(await signInFrom(new Client(), user));
  });

  it("gives no bypass with a forged token or another account's", async () => {
    const victim = await signUp();
    const attacker = await signUp();
    const attackerDevice = new Client();
    const own = await tokenOfEarlierSignIn(attacker, attackerDevice);
    const victimToken = await tokenOfEarlierSignIn(victim, new Client());
    await exhaust(victim.credentials.identifier);

    const [version, accountId, deviceId, signature = ""] = victimToken.split(".");
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    const forged = [
      own, // a real token, of another account
      `${version}.${accountId}.${deviceId}.${flipped}`, // the victim's, signature changed
      `${version}.${accountId}.AAAAAAAAAAAAAAAAAAAAAA.${signature}`, // another device id
      `${version}.${victim.accountId}.${own.split(".")[2]}.${own.split(".")[3]}`, // re-labelled
      "not a token",
    ];
    for (const token of forged) expectLimited(await signInFrom(attackerDevice, victim, token));
  });

  it("counts a device's failures in its own bucket, and answers a new token on every sign-in", async () => {
    const user = await signUp();
    const laptop = new Client();
    const deviceToken = await tokenOfEarlierSignIn(user, laptop);
    const headers = { "Device-Token": deviceToken };
    const { identifier } = user.credentials;
    for (let i = 0; i < 10; i++) {
      const res = await laptop.call("POST", "/v1/sessions", {
        body: { identifier, authKey: key32() },
        headers,
      });
      expectProblem(res, 401, "authentication-failed");
    }
    expectLimited(await signInFrom(laptop, user, deviceToken));
    // …and the anonymous bucket was not touched by them.
    const other = await signInFrom(new Client(), user);
    expect(other.status, other.text).toBe(200);
    expect(other.body.deviceToken).not.toBe(deviceToken);
  });

  it("allows the header in CORS preflights", async () => {
    const res = await fetch(`${new Client().base}/v1/sessions`, {
      method: "OPTIONS",
      headers: { Origin: "https://third.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.headers.get("access-control-allow-headers")).toMatch(/Device-Token/);
  });
});
