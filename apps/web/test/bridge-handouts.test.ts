// Signed bridge key handouts on the real server (issue 33, items 1 and 2; docs/client-crypto.md
// "Signed bridge key handouts"): POST /v1/bridge/keys takes a handout's signature block and
// epoch number, both or neither, the block naming the caller, and GET serves them with the
// wrap; the members read names each member by handle. Then @notes/client end to end: a
// member opens a signed epoch, a newcomer waits until let in, and follows a rotation.
import { randomBytes } from "node:crypto";
import { BridgeLog, keyPinsOf, type Session, signUp as sdkSignUp } from "@notes/client";
import { loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { b64 } from "./support/accounts";
import { expectProblem, pointersOf } from "./support/api";
import { newEpochId, premiumMember } from "./support/bridge";
import { grantComplimentary } from "./support/notes";
import { sdkDevice } from "./support/sdk-device";

/** A block naming `accountId` (its 16 bytes, then 64 signature bytes the server cannot check). */
const blockOf = (accountId: string) =>
  b64(Buffer.concat([Buffer.from(accountId.replaceAll("-", ""), "hex"), randomBytes(64)]));

describe("POST /v1/bridge/keys with a signed handout", () => {
  it("stores the signature and epoch number and serves them with the wrap", async () => {
    const [alice, bob] = [await premiumMember(), await premiumMember()];
    const epochId = newEpochId();
    const body = {
      recipientId: bob.accountId,
      epochId,
      wrappedKey: b64(randomBytes(80)),
      signature: blockOf(alice.accountId),
      epochNumber: 2 ** 40,
    };
    const sealed = await alice.client.call("POST", "/v1/bridge/keys", { token: alice.token, body });
    expect(sealed.status, sealed.text).toBe(201);
    const { recipientId: _r, ...served } = body;
    expect(sealed.body).toMatchObject({ ...served, senderId: alice.accountId });
    const listed = await bob.client.call<{ wraps: Record<string, unknown>[] }>(
      "GET",
      "/v1/bridge/keys",
      {
        token: bob.token,
      },
    );
    expect(listed.body.wraps).toEqual([
      { ...served, senderId: alice.accountId, createdAt: expect.any(String) },
    ]);
    // The first wrap stays, handout and all: a repeat changes nothing.
    const again = await alice.client.call("POST", "/v1/bridge/keys", {
      token: alice.token,
      body: { ...body, epochNumber: 3, signature: blockOf(alice.accountId) },
    });
    expect(again.body).toEqual(sealed.body);
  });

  it("refuses half a handout, a block naming someone else, and a number out of range", async () => {
    const [alice, bob] = [await premiumMember(), await premiumMember()];
    const post = (extra: Record<string, unknown>) =>
      alice.client.call("POST", "/v1/bridge/keys", {
        token: alice.token,
        body: {
          recipientId: bob.accountId,
          epochId: newEpochId(),
          wrappedKey: b64(randomBytes(80)),
          ...extra,
        },
      });
    const unnumbered = await post({ signature: blockOf(alice.accountId) });
    expectProblem(unnumbered, 400, "invalid-request");
    expect(pointersOf(unnumbered)).toEqual(["/epochNumber"]);
    const unsigned = await post({ epochNumber: 1 });
    expect(pointersOf(unsigned)).toEqual(["/signature"]);
    const foreign = await post({ signature: blockOf(bob.accountId), epochNumber: 1 });
    expectProblem(foreign, 400, "invalid-request");
    expect(pointersOf(foreign)).toEqual(["/signature"]);
    for (const epochNumber of [0, 1.5, 2 ** 53]) {
      const out = await post({ signature: blockOf(alice.accountId), epochNumber });
      expect(new Set(pointersOf(out))).toEqual(new Set(["/epochNumber"]));
    }
    // Without either, a wrap is stored as before.
    expect((await post({})).status).toBe(201);
  });

  it("names members lacking an epoch by handle", async () => {
    const alice = await premiumMember();
    const res = await alice.client.call<{ members: { userId: string; handle?: string }[] }>(
      "GET",
      `/v1/bridge/members?epochId=${newEpochId()}`,
      { token: alice.token },
    );
    expect(res.body.members.find((m) => m.userId === alice.accountId)?.handle).toBe(
      alice.credentials.identifier,
    );
  });
});

describe("@notes/client on the bridge with signed handouts", () => {
  it("lets a newcomer in by the person's action, and follows a rotation by number", async () => {
    const sodium = await loadSodium();
    const member = async () => {
      const api = sdkDevice();
      const handle = `handout_${randomBytes(5).toString("hex")}`;
      const { session } = await sdkSignUp(api, { identifier: handle, password: "pw for handouts" });
      await grantComplimentary(handle);
      const s: Session = session;
      return {
        session: s,
        log: new BridgeLog(api, sodium, s.keyPair, s.account.id, keyPinsOf(s), s),
      };
    };
    const [alice, bob] = [await member(), await member()];
    // The suite's bridge is shared and may hold epochs already: Alice starts one of hers.
    const first = await alice.log.rotate();
    expect((await bob.log.handshake()).kind).toBe("waiting");
    const state = await alice.log.handshake();
    expect(state).toMatchObject({ kind: "ready", epochId: first });
    if (state.kind !== "ready") throw new Error("not ready");
    expect(state.waiting.map((w) => w.userId)).toContain(bob.session.account.id);
    expect(state.welcomed).toEqual([]);
    await alice.log.admit(bob.session.account.id);
    expect(await bob.log.handshake()).toMatchObject({ kind: "ready", epochId: first });

    const words = `signed and numbered ${randomBytes(4).toString("hex")}`;
    const sent = await bob.log.send(words);
    const rotated = await bob.log.rotate();
    expect(await alice.log.handshake()).toMatchObject({ kind: "ready", epochId: rotated });
    const entry = (await alice.log.page()).entries.find((e) => e.seq === sent.seq);
    expect(entry).toMatchObject({
      text: words,
      signature: { status: "signed", signerId: bob.session.account.id },
    });
  });
});
