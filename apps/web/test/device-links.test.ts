// Device links over /v1 (contract.md §3, §4, §11): the handshake in every state,
// the minted token's limits before and after the claim, scoping to the owner,
// racing claimers, and expiry (Postgres, where the test can move the clock).
import { randomBytes, randomUUID } from "node:crypto";
import { databaseUrl, mode } from "@notes/test-support/database-mode";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { b64, type SignedUp, signUp } from "./support/accounts";
import { Client, expectNoBody, expectProblem } from "./support/api";

interface Opened {
  id: string;
  token: string;
  expiresAt: string;
  status: string;
}

async function open(owner: SignedUp): Promise<Opened> {
  const res = await owner.client.call<Opened>("POST", "/v1/device-links", { token: owner.token });
  expect(res.status, res.text).toBe(201);
  expect(res.headers.get("location")).toMatch(new RegExp(`/v1/device-links/${res.body.id}$`));
  return res.body;
}

const claimerKey = () => ({
  claimerPubKey: b64(randomBytes(91)),
  claimerProof: b64(randomBytes(32)),
});
const sealBody = () => ({ sealerPubKey: b64(randomBytes(91)), sealed: b64(randomBytes(120)) });
const newDevice = () => new Client(undefined, "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0");

describe("the device-link handshake", () => {
  it("moves pending → offered → sealed → claimed, and the token becomes a full session", async () => {
    const owner = await signUp();
    const link = await open(owner);
    expect(link.status).toBe("pending");
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    const device = newDevice();

    // Until the claim the minted token can do nothing else, and is not listed.
    const limited = await device.call("GET", "/v1/account", { token: link.token });
    expectProblem(limited, 401, "no-session");
    const listed = await owner.client.call<{ sessions: unknown[] }>("GET", "/v1/sessions", {
      token: owner.token,
    });
    expect(listed.body.sessions).toHaveLength(1);

    const readState = () =>
      owner.client.call<Record<string, string>>("GET", `/v1/device-links/${link.id}`, {
        token: owner.token,
      });
    expect((await readState()).body).toEqual({ status: "pending" });
    expectProblem(await device.call("GET", `/v1/device-links/${link.id}/seal`), 404, "not-sealed");

    const key = claimerKey();
    const claimed = await device.call("PUT", `/v1/device-links/${link.id}/claimer`, { body: key });
    expect(claimed.status).toBe(204);
    expectNoBody(claimed);
    expect(
      (await device.call("PUT", `/v1/device-links/${link.id}/claimer`, { body: key })).status,
    ).toBe(204);
    // The owner sees the new device as its User-Agent names it, before sealing.
    expect((await readState()).body).toEqual({
      status: "offered",
      ...key,
      claimerLabel: "Firefox on Linux",
    });

    const seal = sealBody();
    const put = () =>
      owner.client.call("PUT", `/v1/device-links/${link.id}/seal`, {
        token: owner.token,
        body: seal,
      });
    expect((await put()).status).toBe(204);
    expect((await put()).status).toBe(204);
    expectProblem(
      await owner.client.call("PUT", `/v1/device-links/${link.id}/seal`, {
        token: owner.token,
        body: sealBody(),
      }),
      409,
      "handshake-state",
    );
    const read = await device.call("GET", `/v1/device-links/${link.id}/seal`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(seal);

    const claim = await device.call("DELETE", `/v1/device-links/${link.id}`, { token: link.token });
    expect(claim.status).toBe(204);
    expect((await device.call("GET", "/v1/account", { token: link.token })).status).toBe(200);
    const sessions = await owner.client.call<{ sessions: { label: string; current: boolean }[] }>(
      "GET",
      "/v1/sessions",
      { token: owner.token },
    );
    expect(sessions.body.sessions.map((s) => s.label)).toContain("Firefox on Linux");
    expect((await readState()).body).toEqual({
      status: "claimed",
      ...key,
      claimerLabel: "Firefox on Linux",
    });
    expectProblem(await device.call("GET", `/v1/device-links/${link.id}/seal`), 404, "not-sealed");
    expectProblem(
      await device.call("DELETE", `/v1/device-links/${link.id}`, { token: link.token }),
      409,
      "handshake-state",
    );
  });

  it("refuses every step out of order with 409 handshake-state", async () => {
    const owner = await signUp();
    const link = await open(owner);
    const device = newDevice();
    const early = await owner.client.call("PUT", `/v1/device-links/${link.id}/seal`, {
      token: owner.token,
      body: sealBody(),
    });
    expectProblem(early, 409, "handshake-state");
    expectProblem(
      await device.call("DELETE", `/v1/device-links/${link.id}`, { token: link.token }),
      409,
      "handshake-state",
    );
    await device.call("PUT", `/v1/device-links/${link.id}/claimer`, { body: claimerKey() });
    expectProblem(
      await device.call("PUT", `/v1/device-links/${link.id}/claimer`, { body: claimerKey() }),
      409,
      "handshake-state",
    );
    expectProblem(
      await device.call("DELETE", `/v1/device-links/${link.id}`, { token: link.token }),
      409,
      "handshake-state",
    );
  });

  it("lets one of ten racing claimers win", async () => {
    const owner = await signUp();
    const link = await open(owner);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        newDevice().call("PUT", `/v1/device-links/${link.id}/claimer`, { body: claimerKey() }),
      ),
    );
    expect(results.filter((r) => r.status === 204)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 204))
      expectProblem(r, 409, "handshake-state");
  });

  it("is the owner's alone: another account gets 404, an anonymous caller 401", async () => {
    const owner = await signUp();
    const other = await signUp();
    const link = await open(owner);
    await newDevice().call("PUT", `/v1/device-links/${link.id}/claimer`, { body: claimerKey() });
    for (const [method, path, body] of [
      ["GET", `/v1/device-links/${link.id}`, undefined],
      ["PUT", `/v1/device-links/${link.id}/seal`, sealBody()],
      ["DELETE", `/v1/device-links/${link.id}`, undefined],
    ] as const) {
      expectProblem(
        await other.client.call(method, path, { token: other.token, ...(body && { body }) }),
        404,
        "no-such-handshake",
      );
      expectProblem(await new Client().call(method, path, body ? { body } : {}), 401, "no-session");
    }
    expectProblem(
      await newDevice().call("PUT", `/v1/device-links/${randomUUID()}/claimer`, {
        body: claimerKey(),
      }),
      404,
      "no-such-handshake",
    );
    expectProblem(
      await newDevice().call("GET", `/v1/device-links/${randomUUID()}/seal`),
      404,
      "not-sealed",
    );
    const bad = await newDevice().call("PUT", `/v1/device-links/${link.id}/claimer`, {
      body: { claimerPubKey: "%%%", claimerProof: b64(randomBytes(31)) },
    });
    expectProblem(bad, 400, "invalid-request");
  });
});

describe.runIf(mode === "postgres")("device-link expiry", () => {
  async function expire(id: string) {
    const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      await sql`update device_links set expires_at = now() - interval '1 second' where id = ${id}`;
    } finally {
      await sql.end();
    }
  }

  it("ends the handshake and revokes the unclaimed token", async () => {
    const owner = await signUp();
    const link = await open(owner);
    const device = newDevice();
    await device.call("PUT", `/v1/device-links/${link.id}/claimer`, { body: claimerKey() });
    await owner.client.call("PUT", `/v1/device-links/${link.id}/seal`, {
      token: owner.token,
      body: sealBody(),
    });
    await expire(link.id);
    expectProblem(await device.call("GET", `/v1/device-links/${link.id}/seal`), 404, "not-sealed");
    expectProblem(
      await owner.client.call("GET", `/v1/device-links/${link.id}`, { token: owner.token }),
      404,
      "no-such-handshake",
    );
    expectProblem(
      await owner.client.call("PUT", `/v1/device-links/${link.id}/seal`, {
        token: owner.token,
        body: sealBody(),
      }),
      409,
      "handshake-state",
    );
    expectProblem(
      await device.call("PUT", `/v1/device-links/${link.id}/claimer`, { body: claimerKey() }),
      409,
      "handshake-state",
    );
    expectProblem(
      await device.call("DELETE", `/v1/device-links/${link.id}`, { token: link.token }),
      401,
      "no-session",
    );
  });
});
