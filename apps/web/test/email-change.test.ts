// Issue 22, finding 5: PATCH /v1/account {email} must not tell which addresses
// have accounts, nor let an unverified address keep its owner from signing up. A
// new address waits as pendingEmail until verified; only then does it become the
// account's address (and only if nobody took it meanwhile). Changes are limited.
import { describe, expect, it } from "vitest";
import {
  newCredentials,
  type SignedUp,
  signIn,
  signUp,
  signUpBody,
  uniqueHandle,
} from "./support/accounts";
import { type ApiResponse, Client, expectProblem } from "./support/api";
import { readOutbox, verificationCodeFor } from "./support/ops";

const address = (prefix: string) => `${uniqueHandle(prefix)}@example.com`;

function patchEmail(user: SignedUp, email: string | null) {
  return user.client.call("PATCH", "/v1/account", {
    token: user.token,
    body: { email },
    headers: { "If-Match": "*" },
  });
}

function sendVerification(user: SignedUp) {
  return user.client.call("POST", "/v1/account:sendVerificationEmail", { token: user.token });
}

function verify(user: SignedUp, code: string) {
  return user.client.call("POST", "/v1/account:verifyEmail", {
    token: user.token,
    body: { token: code },
  });
}

/** Everything of an answer that could tell two cases apart, minus what names the case. */
function shapeOf(res: ApiResponse) {
  return {
    status: res.status,
    contentType: res.headers.get("content-type"),
    etag: /^"[^"]+"$/.test(res.headers.get("etag") ?? ""),
    keys: Object.keys(res.body).sort(),
  };
}

describe("PATCH /v1/account with a new e-mail", () => {
  it("answers alike for an address another account holds and for a free one", async () => {
    const holder = await signUp(address("holder"));
    const taken = holder.credentials.identifier;
    const free = address("free");
    const [a, b] = [await signUp(), await signUp()];

    const toTaken = await patchEmail(a, taken);
    const toFree = await patchEmail(b, free);
    expect(shapeOf(toTaken)).toEqual(shapeOf(toFree));
    expect(shapeOf(toTaken)).toMatchObject({ status: 200, contentType: "application/json" });
    expect(toTaken.body).toMatchObject({ pendingEmail: taken, emailVerified: false });
    expect(toFree.body).toMatchObject({ pendingEmail: free, emailVerified: false });
    for (const res of [toTaken, toFree]) expect(res.body).not.toHaveProperty("email");

    // Mailing the pending address answers alike too; the holder's mailbox gets a
    // notice, not a token, and the holder's account is untouched.
    const [sentTaken, sentFree] = [await sendVerification(a), await sendVerification(b)];
    expect([sentTaken.status, sentTaken.text]).toEqual([202, ""]);
    expect([sentFree.status, sentFree.text]).toEqual([202, ""]);
    const notices = (await readOutbox()).filter((m) => m.to === taken);
    expect(notices.some((m) => m.subject.includes("already has"))).toBe(true);
    expect(notices.some((m) => /code into the app/.test(m.body))).toBe(false);
    await verificationCodeFor(free);
    expect((await signIn(new Client(), taken, holder.credentials.authKey)).status).toBe(200);
  });

  it("keeps the verified address until the new one is verified, then swaps", async () => {
    const old = address("old");
    const user = await signUp(old);
    await sendVerification(user);
    expect((await verify(user, await verificationCodeFor(old))).status).toBe(200);
    const discover = await user.client.call("PATCH", "/v1/account", {
      token: user.token,
      body: { discoverableByEmail: true },
      headers: { "If-Match": "*" },
    });
    expect(discover.status).toBe(200);

    const next = address("next");
    const pending = await patchEmail(user, next);
    expect(pending.body).toMatchObject({
      email: old,
      emailVerified: true,
      discoverableByEmail: true,
      pendingEmail: next,
    });
    // Still signs in with the old address, not (yet) with the new one.
    expect((await signIn(new Client(), old, user.credentials.authKey)).status).toBe(200);
    expectProblem(
      await signIn(new Client(), next, user.credentials.authKey),
      401,
      "authentication-failed",
    );

    await sendVerification(user);
    const swapped = await verify(user, await verificationCodeFor(next));
    expect(swapped.status).toBe(200);
    expect(swapped.body).toMatchObject({
      email: next,
      emailVerified: true,
      discoverableByEmail: false,
    });
    expect(swapped.body).not.toHaveProperty("pendingEmail");
    expect((await signIn(new Client(), next, user.credentials.authKey)).status).toBe(200);
    // The old address is free again.
    expect(
      (await new Client().call("POST", "/v1/accounts", { body: signUpBody(newCredentials(old)) }))
        .status,
    ).toBe(201);
  });

  it("lets the address's owner sign up while someone else has it pending", async () => {
    const squatter = await signUp();
    const wanted = address("wanted");
    expect((await patchEmail(squatter, wanted)).body).toMatchObject({ pendingEmail: wanted });
    const owner = await new Client().call("POST", "/v1/accounts", {
      body: signUpBody(newCredentials(wanted)),
    });
    expect(owner.status, owner.text).toBe(201);
    expect(owner.body.account).toMatchObject({ email: wanted });
  });

  it("refuses verifying a pending address that another account took meanwhile (409)", async () => {
    const user = await signUp();
    const contested = address("contested");
    await patchEmail(user, contested);
    await sendVerification(user);
    const code = await verificationCodeFor(contested);
    await signUp(contested);

    const res = await verify(user, code);
    expectProblem(res, 409, "identifier-taken");
    const after = await user.client.call("GET", "/v1/account", { token: user.token });
    expect(after.body).not.toHaveProperty("email");
    expect(after.body).not.toHaveProperty("pendingEmail");
    // The token is spent: trying again is an unknown token, not another 409.
    expectProblem(await verify(user, code), 400, "invalid-request");
  });

  it("limits changes of address to 10 an hour per account (429 with Retry-After)", async () => {
    const user = await signUp();
    for (let i = 0; i < 10; i++)
      expect((await patchEmail(user, address(`try${i}`))).status).toBe(200);
    const limited = await patchEmail(user, address("eleventh"));
    expectProblem(limited, 429, "rate-limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other changes go on.
    const handle = await user.client.call("PATCH", "/v1/account", {
      token: user.token,
      body: { handle: uniqueHandle("still") },
      headers: { "If-Match": "*" },
    });
    expect(handle.status).toBe(200);
  });
});
