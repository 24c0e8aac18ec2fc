// Passkeys over /v1 (contract.md §2, §3, §6, §9, §11), driven by a software
// authenticator: enrolment with PRF, the account's enrolled devices, sign-in for a
// handle and with a discoverable credential (the master key unwraps with the PRF
// output on the client), and every refusal: replays, wrong origin or RP ID,
// expired or foreign challenges, forged signatures, the signCount rule, other
// accounts' credentials, and no enumeration of handles.
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { derivePasskeyWrapKey, generateKey, loadSodium, unwrapKey, wrapKey } from "@notes/crypto";
import { databaseUrl, mode } from "@notes/test-support/database-mode";
import postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { b64, type SignedUp, signUp, uniqueHandle } from "./support/accounts";
import {
  type ApiResponse,
  baseUrl,
  Client,
  expectNoBody,
  expectProblem,
  pointersOf,
} from "./support/api";
import { FLAGS, SoftwareAuthenticator, withoutPrfResults } from "./support/authenticator";

type Json = Record<string, unknown>;
type Sodium = Awaited<ReturnType<typeof loadSodium>>;

type Device = {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt?: string;
};

interface Enrolled {
  device: Device;
  masterKey: Uint8Array;
  wrappedMasterKey: string;
}

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

const firefox = () => new Client(undefined, "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0");
const handleOf = (user: SignedUp) => user.credentials.identifier;

async function beginEnrolment(user: SignedUp): Promise<Json> {
  const res = await user.client.call<{ options: Json }>("POST", "/v1/passkeys:beginEnrolment", {
    token: user.token,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.options;
}

function finishEnrolment(user: SignedUp, body: Json) {
  return user.client.call<Device>("POST", "/v1/passkeys:finishEnrolment", {
    token: user.token,
    body,
  });
}

/** What the web client does: create, wrap the master key under the PRF output, send the rest. */
async function enrol(
  user: SignedUp,
  authenticator: SoftwareAuthenticator,
  options: Parameters<SoftwareAuthenticator["create"]>[1] = {},
  masterKey = generateKey(sodium),
): Promise<Enrolled> {
  const made = authenticator.create(await beginEnrolment(user), options);
  if (!made.prf) throw new Error("no PRF output");
  const wrappedMasterKey = wrapKey(sodium, await derivePasskeyWrapKey(made.prf), masterKey);
  const res = await finishEnrolment(user, {
    credential: withoutPrfResults(made.credential),
    label: "Test laptop",
    wrappedMasterKey,
  });
  expect(res.status, res.text).toBe(201);
  expect(res.headers.get("location")).toMatch(new RegExp(`/v1/passkeys/${res.body.id}$`));
  return { device: res.body, masterKey, wrappedMasterKey };
}

async function challenge(client: Client, handle: string): Promise<Json> {
  const res = await client.call<{ options: Json }>("POST", "/v1/sessions:challengePasskey", {
    body: { handle },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.options;
}

async function beginDiscoverable(client: Client): Promise<Json> {
  const res = await client.call<{ options: Json }>("POST", "/v1/sessions:beginPasskey");
  expect(res.status, res.text).toBe(200);
  return res.body.options;
}

function finish(client: Client, credential: Json, handle: string) {
  return client.call<Json & { token: string; wrappedMasterKey: string }>(
    "POST",
    "/v1/sessions:finishPasskey",
    { body: { credential: withoutPrfResults(credential), handle } },
  );
}

async function account(user: SignedUp, token = user.token) {
  const res = await user.client.call<{ passkeys: { offerEnrolment: boolean } }>(
    "GET",
    "/v1/account",
    { token },
  );
  expect(res.status).toBe(200);
  return res.body;
}

const expectRefused = (res: ApiResponse) => expectProblem(res, 401, "passkey-refused");

describe("passkey enrolment and sign-in", () => {
  it("enrols, lists, reads, and signs in for a handle and discoverably", async () => {
    const user = await signUp();
    const authenticator = new SoftwareAuthenticator(baseUrl());
    expect((await account(user)).passkeys.offerEnrolment).toBe(true);

    const options = await beginEnrolment(user);
    expect(options).toMatchObject({
      rp: { id: new URL(baseUrl()).hostname },
      user: { name: handleOf(user) },
      pubKeyCredParams: [
        { alg: -7, type: "public-key" },
        { alg: -8, type: "public-key" },
      ],
      timeout: 300_000,
      attestation: "none",
      excludeCredentials: [],
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      extensions: { prf: { eval: { first: expect.any(String) } } },
    });
    expect(Buffer.from(options.challenge as string, "base64url")).toHaveLength(32);

    const es256 = await enrol(user, authenticator);
    expect(es256.device).toEqual({
      id: expect.any(String),
      label: "Test laptop",
      createdAt: expect.any(String),
    });
    expect((await account(user)).passkeys.offerEnrolment).toBe(false);
    const again = await beginEnrolment(user);
    expect(again.excludeCredentials).toEqual([
      { id: es256.device.id, type: "public-key", transports: ["hybrid", "internal"] },
    ]);
    const eddsa = await enrol(user, authenticator, { algorithm: "EdDSA" });

    const list = await user.client.call<{ passkeys: Device[]; nextPageToken: string }>(
      "GET",
      "/v1/passkeys",
      { token: user.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.nextPageToken).toBe("");
    expect(list.body.passkeys.map((p) => p.id)).toEqual([eddsa.device.id, es256.device.id]);
    const one = await user.client.call<Device>("GET", `/v1/passkeys/${es256.device.id}`, {
      token: user.token,
    });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(es256.device);

    // Sign in for the handle, on a new device.
    const device = firefox();
    const requested = await challenge(device, handleOf(user));
    expect(requested).toMatchObject({
      rpId: new URL(baseUrl()).hostname,
      userVerification: "required",
      // The same PRF input as at enrolment: the same secret comes out.
      extensions: options.extensions,
    });
    expect((requested.allowCredentials as { id: string }[]).map((c) => c.id)).toEqual([
      es256.device.id,
      eddsa.device.id,
    ]);
    const asserted = authenticator.get(requested, { credentialId: es256.device.id });
    const signedIn = await finish(device, asserted.credential, handleOf(user));
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(Object.keys(signedIn.body).sort()).toEqual([
      "account",
      "deviceToken",
      "keys",
      "token",
      "wrappedMasterKey",
    ]);
    expect(signedIn.body.wrappedMasterKey).toBe(es256.wrappedMasterKey);
    if (!asserted.prf) throw new Error("no PRF output");
    const unwrapped = unwrapKey(
      sodium,
      await derivePasskeyWrapKey(asserted.prf),
      signedIn.body.wrappedMasterKey,
    );
    expect(Buffer.from(unwrapped).equals(Buffer.from(es256.masterKey))).toBe(true);
    expect((await account(user, signedIn.body.token)).passkeys.offerEnrolment).toBe(false);
    const sessions = await device.call<{ sessions: { label: string; current: boolean }[] }>(
      "GET",
      "/v1/sessions",
      { token: signedIn.body.token },
    );
    expect(sessions.body.sessions.find((s) => s.current)?.label).toBe("Firefox on Linux");
    const used = await user.client.call<Device>("GET", `/v1/passkeys/${es256.device.id}`, {
      token: user.token,
    });
    expect(Date.parse(used.body.lastUsedAt ?? "")).toBeGreaterThan(
      Date.parse(used.body.createdAt) - 1,
    );

    // Sign in with a discoverable credential: the authenticator picks, the handle names it.
    const discoverable = await beginDiscoverable(device);
    expect(discoverable.allowCredentials ?? []).toEqual([]);
    const picked = authenticator.get(discoverable, { credentialId: eddsa.device.id });
    const second = await finish(device, picked.credential, handleOf(user));
    expect(second.status, second.text).toBe(200);
    expect(second.body.wrappedMasterKey).toBe(eddsa.wrappedMasterKey);
    expect((await device.call("GET", "/v1/account", { token: second.body.token })).status).toBe(
      200,
    );
  });

  it("declines the enrolment offer for good", async () => {
    const user = await signUp();
    for (let i = 0; i < 2; i++) {
      const res = await user.client.call("POST", "/v1/passkeys:decline", { token: user.token });
      expect(res.status).toBe(204);
      expectNoBody(res);
      expect((await account(user)).passkeys.offerEnrolment).toBe(false);
    }
    // Enrolling is still possible; the offer stays withdrawn after forgetting the passkey.
    const enrolled = await enrol(user, new SoftwareAuthenticator(baseUrl()));
    const removed = await user.client.call("DELETE", `/v1/passkeys/${enrolled.device.id}`, {
      token: user.token,
    });
    expect(removed.status).toBe(204);
    expect((await account(user)).passkeys.offerEnrolment).toBe(false);
  });

  it("gives an unknown handle, or an account without passkeys, plausible and stable options", async () => {
    const withPasskey = await signUp();
    await enrol(withPasskey, new SoftwareAuthenticator(baseUrl()));
    const withoutPasskey = await signUp();
    const real = await challenge(new Client(), handleOf(withPasskey));
    for (const handle of [uniqueHandle("ghost"), handleOf(withoutPasskey), "nobody@example.com"]) {
      const first = await challenge(new Client(), handle);
      const second = await challenge(new Client(), handle.toUpperCase());
      expect(Object.keys(first).sort()).toEqual(Object.keys(real).sort());
      expect(first.allowCredentials).toEqual(second.allowCredentials);
      expect(first.challenge).not.toBe(second.challenge);
      const ids = (first.allowCredentials as { id: string; type: string }[]).map((c) => c.id);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(Buffer.from(id, "base64url").length).toBeGreaterThanOrEqual(16);
      }
    }
  });
});

describe("enrolment refusals", () => {
  it("refuses a replayed registration, and PRF results or an authenticator without PRF", async () => {
    const user = await signUp();
    const authenticator = new SoftwareAuthenticator(baseUrl());
    const made = authenticator.create(await beginEnrolment(user));
    const body = {
      credential: made.credential,
      label: "Phone",
      wrappedMasterKey: b64(randomBytes(72)),
    };
    // The PRF secret must stay on the client; removing it then succeeds (the challenge was not spent).
    const leaked = await finishEnrolment(user, body);
    expectProblem(leaked, 400, "invalid-request");
    expect(pointersOf(leaked)).toEqual(["/credential/clientExtensionResults/prf/results"]);
    const clean = { ...body, credential: withoutPrfResults(made.credential) };
    expect((await finishEnrolment(user, clean)).status).toBe(201);
    const replayed = await finishEnrolment(user, clean);
    expectProblem(replayed, 400, "invalid-request");
    expect(pointersOf(replayed)).toEqual(["/credential"]);

    const noPrf = authenticator.create(await beginEnrolment(user), { prf: false });
    const refused = await finishEnrolment(user, { ...body, credential: noPrf.credential });
    expectProblem(refused, 400, "invalid-request");
    expect(pointersOf(refused)).toEqual(["/credential/clientExtensionResults/prf/enabled"]);
    const list = await user.client.call<{ passkeys: Device[] }>("GET", "/v1/passkeys", {
      token: user.token,
    });
    expect(list.body.passkeys).toHaveLength(1);
  });

  it("refuses a wrong origin or RP ID, no user verification, and another account's challenge", async () => {
    const user = await signUp();
    const other = await signUp();
    const authenticator = new SoftwareAuthenticator(baseUrl());
    const attempts: [string, () => Promise<Json>][] = [
      [
        "origin",
        async () =>
          authenticator.create(await beginEnrolment(user), { origin: "https://evil.example" })
            .credential,
      ],
      [
        "rp id",
        async () =>
          authenticator.create(await beginEnrolment(user), { rpId: "evil.example" }).credential,
      ],
      [
        "no UV",
        async () =>
          authenticator.create(await beginEnrolment(user), { flags: FLAGS.UP | FLAGS.AT })
            .credential,
      ],
      [
        "other's challenge",
        async () => authenticator.create(await beginEnrolment(other)).credential,
      ],
      [
        "sign-in challenge",
        async () =>
          authenticator.create({
            ...(await beginEnrolment(user)),
            challenge: (await beginDiscoverable(new Client())).challenge,
          }).credential,
      ],
    ];
    for (const [what, make] of attempts) {
      const res = await finishEnrolment(user, {
        credential: withoutPrfResults(await make()),
        label: what,
        wrappedMasterKey: b64(randomBytes(72)),
      });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res), what).toEqual(["/credential"]);
    }
    const list = await user.client.call<{ passkeys: Device[] }>("GET", "/v1/passkeys", {
      token: user.token,
    });
    expect(list.body.passkeys).toEqual([]);
    expect((await account(user)).passkeys.offerEnrolment).toBe(true);
  });
});

describe("sign-in refusals", () => {
  async function enrolled() {
    const user = await signUp();
    const authenticator = new SoftwareAuthenticator(baseUrl());
    const passkey = await enrol(user, authenticator);
    return { user, authenticator, passkey, handle: handleOf(user) };
  }

  it("refuses a replayed assertion and a challenge spent by a refused attempt", async () => {
    const { authenticator, handle } = await enrolled();
    const client = new Client();
    const { credential } = authenticator.get(await challenge(client, handle));
    expect((await finish(client, credential, handle)).status).toBe(200);
    expectRefused(await finish(client, credential, handle));

    const options = await challenge(client, handle);
    const wrong = authenticator.get(options, { origin: "https://evil.example" });
    expectRefused(await finish(client, wrong.credential, handle));
    const right = authenticator.get(options);
    expectRefused(await finish(client, right.credential, handle));
  });

  it("refuses a wrong origin, a wrong RP ID, no user verification and a forged signature", async () => {
    const { authenticator, handle } = await enrolled();
    const client = new Client();
    const forger = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    for (const overrides of [
      { origin: "https://evil.example" },
      { origin: baseUrl().replace("127.0.0.1", "localhost") },
      { rpId: "evil.example" },
      { flags: FLAGS.UP },
      { signWith: forger },
      { type: "webauthn.create" },
    ]) {
      const { credential } = authenticator.get(await beginDiscoverable(client), overrides);
      expectRefused(await finish(client, credential, handle));
    }
    const { credential } = authenticator.get(await beginDiscoverable(client));
    expect((await finish(client, credential, handle)).status).toBe(200);
  });

  it("applies the signCount rule: a non-zero count must grow", async () => {
    const { authenticator, handle } = await enrolled();
    const client = new Client();
    const signIn = async (counter: number) =>
      finish(
        client,
        authenticator.get(await beginDiscoverable(client), { counter }).credential,
        handle,
      );
    expect((await signIn(5)).status).toBe(200);
    expectRefused(await signIn(5));
    expectRefused(await signIn(4));
    // An authenticator that keeps no counter reports 0, which is accepted.
    expect((await signIn(0)).status).toBe(200);
    expectRefused(await signIn(3));
    expect((await signIn(6)).status).toBe(200);
  });

  it("refuses unknown credentials, other accounts' credentials and challenges, and enrolment challenges", async () => {
    const alice = await enrolled();
    const bob = await enrolled();
    const client = new Client();

    // A credential this server never enrolled.
    const stray = new SoftwareAuthenticator(baseUrl());
    stray.create({
      rp: { id: new URL(baseUrl()).hostname },
      user: { id: "AAAA" },
      challenge: "AAAA",
    });
    const unknown = stray.get(await beginDiscoverable(client));
    expectRefused(await finish(client, unknown.credential, alice.handle));

    // Alice's passkey answering a challenge issued for Bob, under either handle.
    for (const handle of [bob.handle, alice.handle]) {
      const forBob = await challenge(client, bob.handle);
      const { credential } = alice.authenticator.get(forBob, {
        credentialId: alice.passkey.device.id,
      });
      expectRefused(await finish(client, credential, handle));
    }
    // Alice's passkey with Bob's handle on a discoverable challenge.
    const crossed = alice.authenticator.get(await beginDiscoverable(client));
    expectRefused(await finish(client, crossed.credential, bob.handle));

    // An unknown handle's challenge is answered by nobody.
    const ghost = await challenge(client, uniqueHandle("ghost"));
    const { credential } = alice.authenticator.get(ghost, {
      credentialId: alice.passkey.device.id,
    });
    expectRefused(await finish(client, credential, alice.handle));

    // An enrolment challenge does not sign in.
    const enrolment = await beginEnrolment(alice.user);
    const misused = alice.authenticator.get({
      challenge: enrolment.challenge,
      rpId: new URL(baseUrl()).hostname,
    });
    expectRefused(await finish(client, misused.credential, alice.handle));
  });

  it("keeps the PRF secret on the client and shares the sign-in limits", async () => {
    const { authenticator, handle } = await enrolled();
    const client = new Client();
    const { credential } = authenticator.get(await challenge(client, handle));
    const leaked = await client.call("POST", "/v1/sessions:finishPasskey", {
      body: { credential, handle },
    });
    expectProblem(leaked, 400, "invalid-request");
    expect(pointersOf(leaked)).toEqual(["/credential/clientExtensionResults/prf/results"]);

    // 10 per minute per identifier, from any address.
    const target = uniqueHandle("limited");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await new Client().call("POST", "/v1/sessions:finishPasskey", {
        body: { credential: withoutPrfResults(credential), handle: target },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("signs in with a valid assertion after a stranger spent the identifier's limit", async () => {
    const { authenticator, handle } = await enrolled();
    // The attacker: wrong password keys from many addresses until the limit answers 429.
    let limited = false;
    for (let i = 0; i < 11 && !limited; i++) {
      const res = await new Client().call("POST", "/v1/sessions", {
        body: { identifier: handle, authKey: b64(randomBytes(32)) },
      });
      limited = res.status === 429;
    }
    expect(limited).toBe(true);

    const client = new Client();
    const { credential } = authenticator.get(await challenge(client, handle));
    const res = await finish(client, credential, handle);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deviceToken).toEqual(expect.any(String));
    // A refused assertion is still limited.
    const replayed = await finish(client, credential, handle);
    expectProblem(replayed, 429, "rate-limited");
  });
});

describe("the account's enrolled devices", () => {
  it("are its own: another account's id and unknown ids are 404, a forgotten passkey cannot sign in", async () => {
    const owner = await signUp();
    const other = await signUp();
    const authenticator = new SoftwareAuthenticator(baseUrl());
    const { device } = await enrol(owner, authenticator);
    for (const method of ["GET", "DELETE"]) {
      expectProblem(
        await other.client.call(method, `/v1/passkeys/${device.id}`, { token: other.token }),
        404,
        "no-such-device",
      );
      expectProblem(
        await owner.client.call(method, `/v1/passkeys/${randomBytes(16).toString("base64url")}`, {
          token: owner.token,
        }),
        404,
        "no-such-device",
      );
    }
    const removed = await owner.client.call("DELETE", `/v1/passkeys/${device.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    expectNoBody(removed);
    expectProblem(
      await owner.client.call("DELETE", `/v1/passkeys/${device.id}`, { token: owner.token }),
      404,
      "no-such-device",
    );
    const client = new Client();
    const { credential } = authenticator.get(await beginDiscoverable(client), {
      credentialId: device.id,
    });
    expectRefused(await finish(client, credential, handleOf(owner)));
  });

  it("need a session, and refuse malformed requests with 400", async () => {
    const user = await signUp();
    const anonymous = new Client();
    for (const [method, path, body] of [
      ["GET", "/v1/passkeys", undefined],
      ["GET", "/v1/passkeys/AAAAAAAAAAAAAAAAAAAAAA", undefined],
      ["DELETE", "/v1/passkeys/AAAAAAAAAAAAAAAAAAAAAA", undefined],
      ["POST", "/v1/passkeys:beginEnrolment", undefined],
      ["POST", "/v1/passkeys:finishEnrolment", {}],
      ["POST", "/v1/passkeys:decline", undefined],
    ] as const) {
      expectProblem(await anonymous.call(method, path, body ? { body } : {}), 401, "no-session");
    }

    const made = new SoftwareAuthenticator(baseUrl()).create(await beginEnrolment(user));
    const good = {
      credential: withoutPrfResults(made.credential),
      label: "Laptop",
      wrappedMasterKey: b64(randomBytes(72)),
    };
    const enrolCases: [Json, string][] = [
      [{ ...good, credential: undefined }, "/credential"],
      [{ ...good, credential: "text" }, "/credential"],
      [{ ...good, credential: { ...good.credential, id: "not base64url!" } }, "/credential/id"],
      [{ ...good, credential: { ...good.credential, type: "password" } }, "/credential/type"],
      [
        { ...good, credential: { ...good.credential, response: {} } },
        "/credential/response/attestationObject",
      ],
      [{ ...good, label: "" }, "/label"],
      [{ ...good, label: "x".repeat(101) }, "/label"],
      [{ ...good, wrappedMasterKey: "%%%" }, "/wrappedMasterKey"],
    ];
    for (const [body, pointer] of enrolCases) {
      const res = await finishEnrolment(user, body);
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toContain(pointer);
    }
    const notJson = await user.client.call("POST", "/v1/passkeys:finishEnrolment", {
      token: user.token,
      rawBody: "{",
      headers: { "Content-Type": "application/json" },
    });
    expectProblem(notJson, 400, "body-not-json");
    expectProblem(
      await user.client.call("GET", `/v1/passkeys/${"%25%25"}`, { token: user.token }),
      400,
      "invalid-request",
    );
    // The well-formed registration still enrols: none of the above spent its challenge.
    expect((await finishEnrolment(user, good)).status).toBe(201);

    const client = new Client();
    for (const [path, body, pointer] of [
      ["/v1/sessions:challengePasskey", {}, "/handle"],
      ["/v1/sessions:challengePasskey", { handle: "" }, "/handle"],
      ["/v1/sessions:finishPasskey", { handle: handleOf(user) }, "/credential"],
      ["/v1/sessions:finishPasskey", { credential: {}, handle: handleOf(user) }, "/credential/id"],
      [
        "/v1/sessions:finishPasskey",
        { credential: { ...good.credential, response: { clientDataJSON: "a+b" } }, handle: "x" },
        "/credential/response/clientDataJSON",
      ],
    ] as const) {
      const res = await client.call("POST", path, { body });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toContain(pointer);
    }
  });
});

describe.runIf(mode === "postgres")("passkey challenge expiry", () => {
  async function expire(challengeText: string) {
    const sql = postgres(databaseUrl ?? "", { max: 1, onnotice: () => {} });
    const hash = createHash("sha256").update(challengeText).digest();
    try {
      const moved = await sql`update passkey_challenges
                              set expires_at = now() - interval '1 second'
                              where challenge_hash = ${hash}`;
      expect(moved.count).toBe(1);
    } finally {
      await sql.end();
    }
  }

  it("refuses an expired enrolment or sign-in challenge", async () => {
    const user = await signUp();
    const authenticator = new SoftwareAuthenticator(baseUrl());
    const options = await beginEnrolment(user);
    await expire(options.challenge as string);
    const late = authenticator.create(options);
    const res = await finishEnrolment(user, {
      credential: withoutPrfResults(late.credential),
      label: "Late",
      wrappedMasterKey: b64(randomBytes(72)),
    });
    expectProblem(res, 400, "invalid-request");

    await enrol(user, authenticator);
    const client = new Client();
    for (const begin of [
      () => challenge(client, handleOf(user)),
      () => beginDiscoverable(client),
    ]) {
      const requested = await begin();
      await expire(requested.challenge as string);
      const { credential } = authenticator.get(requested);
      expectRefused(await finish(client, credential, handleOf(user)));
    }
  });
});
