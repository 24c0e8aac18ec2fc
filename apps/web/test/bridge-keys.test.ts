// The bridge's access rule and key wraps (contract.md §3, §4): every operation
// answers 403 bridge-access-required to a free account; wraps need bridge access
// on both sides and a recipient with a public key; a recipient keeps its first
// wrap of an epoch; the members read lists who still lacks an epoch.
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { b64, signUp } from "./support/accounts";
import { expectProblem, pointersOf } from "./support/api";
import { newEpochId, premiumMember, putKeypair, sealedBody, sealKey } from "./support/bridge";
import { grantComplimentary } from "./support/notes";
import { opsCall } from "./support/ops";

const operations = (recipientId: string) =>
  [
    ["GET", "/v1/bridge/keys", undefined],
    [
      "POST",
      "/v1/bridge/keys",
      { recipientId, epochId: newEpochId(), wrappedKey: b64(randomBytes(80)) },
    ],
    ["GET", `/v1/bridge/members?epochId=${newEpochId()}`, undefined],
    ["POST", "/v1/bridge/messages", { body: sealedBody(), epochId: newEpochId() }],
    ["GET", "/v1/bridge/messages", undefined],
    ["GET", "/v1/bridge/messages/1", undefined],
  ] as const;

describe("bridge access", () => {
  it("refuses every operation to a free account (403) and to no session (401)", async () => {
    const free = await signUp();
    await putKeypair(free);
    for (const [method, path, body] of operations(free.accountId)) {
      const res = await free.client.call(method, path, { token: free.token, body });
      expectProblem(res, 403, "bridge-access-required");
      const anonymous = await free.client.call(method, path, { body });
      expectProblem(anonymous, 401, "no-session");
      expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    }
  });

  it("opens with a complimentary grant and closes when it is revoked", async () => {
    const user = await premiumMember();
    const open = await user.client.call("GET", "/v1/bridge/keys", { token: user.token });
    expect(open.status, open.text).toBe(200);
    expect(open.body).toEqual({ wraps: [], nextPageToken: "" });
    const revoked = await opsCall(
      "POST",
      `/ops/v1/accounts/${user.credentials.identifier}:revokeComplimentary`,
    );
    expect(revoked.status).toBe(204);
    for (const [method, path, body] of operations(user.accountId))
      expectProblem(
        await user.client.call(method, path, { token: user.token, body }),
        403,
        "bridge-access-required",
      );
  });
});

describe("bridge key wraps", () => {
  it("seal to oneself and to another member, who lists it with its sender", async () => {
    const [alice, bob] = [await premiumMember(), await premiumMember()];
    const epochId = newEpochId();
    const own = await sealKey(alice, alice.accountId, epochId);
    expect(own.status, own.text).toBe(201);
    const wrappedKey = b64(randomBytes(80));
    const toBob = await sealKey(alice, bob.accountId, epochId, wrappedKey);
    expect(toBob.status).toBe(201);
    expect(toBob.body).toMatchObject({ epochId, wrappedKey, senderId: alice.accountId });
    const listed = await bob.client.call<{ wraps: Record<string, unknown>[] }>(
      "GET",
      "/v1/bridge/keys",
      { token: bob.token },
    );
    expect(listed.body.wraps).toEqual([
      { epochId, wrappedKey, senderId: alice.accountId, createdAt: expect.any(String) },
    ]);
  });

  it("keep the first wrap of an epoch: a repeat answers the stored one", async () => {
    const [alice, bob] = [await premiumMember(), await premiumMember()];
    const epochId = newEpochId();
    const first = await sealKey(alice, bob.accountId, epochId);
    const again = await sealKey(bob, bob.accountId, epochId);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it("list newest first, one per epoch", async () => {
    const [alice, bob] = [await premiumMember(), await premiumMember()];
    const older = newEpochId();
    const newer = newEpochId();
    await sealKey(alice, bob.accountId, older);
    await sealKey(alice, bob.accountId, newer);
    const listed = await bob.client.call<{ wraps: { epochId: string }[] }>(
      "GET",
      "/v1/bridge/keys",
      { token: bob.token },
    );
    expect(listed.body.wraps.map((w) => w.epochId)).toEqual([newer, older]);
  });

  it("refuse a recipient without bridge access, unknown, or without a public key", async () => {
    const alice = await premiumMember();
    const free = await signUp();
    await putKeypair(free);
    const res = await sealKey(alice, free.accountId, newEpochId());
    expectProblem(res, 403, "bridge-access-required");
    expect(res.body.detail).toMatch(/recipient/);
    expectProblem(await sealKey(alice, randomUUID(), newEpochId()), 404, "user-not-found");
    const keyless = await premiumMember({ keypair: false });
    expectProblem(await sealKey(alice, keyless.accountId, newEpochId()), 404, "no-keypair");
  });

  it("validate the body: uuid, epoch id of 1–64 characters, Base64 wrap", async () => {
    const alice = await premiumMember();
    const res = await alice.client.call("POST", "/v1/bridge/keys", {
      token: alice.token,
      body: { recipientId: "nope", epochId: "x".repeat(65), wrappedKey: "%%%" },
    });
    expectProblem(res, 400, "invalid-request");
    expect(pointersOf(res)).toEqual(["/epochId", "/recipientId", "/wrappedKey"]);
  });
});

describe("members lacking an epoch", () => {
  it("lists premium members with a public key and no wrap, newest first, until sealed", async () => {
    const alice = await premiumMember();
    const bob = await premiumMember();
    const keyless = await premiumMember({ keypair: false });
    const free = await signUp();
    await putKeypair(free);
    const epochId = newEpochId();
    const lacking = async () => {
      const res = await alice.client.call<{ members: { userId: string; publicKey: string }[] }>(
        "GET",
        `/v1/bridge/members?epochId=${epochId}`,
        { token: alice.token },
      );
      expect(res.status, res.text).toBe(200);
      return res.body.members.map((m) => m.userId);
    };
    const before = await lacking();
    expect(before.slice(0, 2)).toEqual([bob.accountId, alice.accountId]);
    expect(before).not.toContain(keyless.accountId);
    expect(before).not.toContain(free.accountId);
    await sealKey(alice, bob.accountId, epochId);
    const after = await lacking();
    expect(after).not.toContain(bob.accountId);
    expect(after[0]).toBe(alice.accountId);
    await grantComplimentary(free.credentials.identifier);
    expect((await lacking())[0]).toBe(free.accountId);
  });

  it("needs the epoch id", async () => {
    const alice = await premiumMember();
    const res = await alice.client.call("GET", "/v1/bridge/members", { token: alice.token });
    expectProblem(res, 400, "invalid-request");
  });
});
