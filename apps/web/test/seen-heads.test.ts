// The account's seen heads over real HTTP (issue 33, item 12; docs/client-crypto.md,
// "The account's seen heads"): GET/PUT /v1/account/seen-heads (the counter's ETag,
// If-Match, the size caps and the problems, no token, another account), the copy logged
// at the next epoch with a proof that verifies under the signed head (and a proof of
// absence before), and the SDK end to end: a laptop uploads what it saw, a phone signed
// in by password starts from it.
import { randomBytes, randomUUID } from "node:crypto";
import {
  MemorySeenStates,
  signUp as sdkSignUp,
  signIn,
  startFromAccountSeenHeads,
  uploadAccountSeenHeads,
} from "@notes/client";
import {
  fromBase64,
  parseHead,
  parseSeenHeadsProof,
  type SeenHeadsProofJson,
  seenHeadsDigest,
  verifySeenHeadsLookup,
} from "@notes/keytrans";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { Client, expectProblem, pointersOf } from "./support/api";
import { eventually, headOfEpoch } from "./support/key-transparency";
import { sdkDevice } from "./support/sdk-device";

const PATH = "/v1/account/seen-heads";
/** Nonce, tag and `heads` 29-byte heads, as random bytes: the server opens nothing. */
const sealed = (heads = 2) => randomBytes(40 + 29 * heads).toString("base64");

type SeenHeadsAnswer = {
  counter: number;
  sealed: string | null;
  keyTransparency?: SeenHeadsProofJson;
};

/** The proof the account's answer carries once `ready` holds, with the head of its epoch. */
async function proven(client: Client, token: string, ready: (p: SeenHeadsProofJson) => boolean) {
  const proof = await eventually(async () => {
    const answer = (await client.call<SeenHeadsAnswer>("GET", PATH, { token })).body;
    const carried = answer.keyTransparency;
    return carried && ready(carried) ? carried : undefined;
  });
  return { proof, head: parseHead((await headOfEpoch(client, proof.epoch)).head) };
}

describe("GET/PUT /v1/account/seen-heads", () => {
  it("starts at counter 0 with no copy, then keeps each upload under If-Match", async () => {
    const { client, token } = await signUp();
    const empty = await client.call<SeenHeadsAnswer>("GET", PATH, { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ counter: 0, sealed: null });
    expect(empty.headers.get("etag")).toBe('"seen-0"');

    const first = sealed();
    const put = await client.call("PUT", PATH, {
      token,
      body: { counter: 1, sealed: first },
      headers: { "If-Match": '"seen-0"' },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ counter: 1 });
    expect(put.headers.get("etag")).toBe('"seen-1"');
    const read = await client.call<SeenHeadsAnswer>("GET", PATH, { token });
    expect(read.body).toMatchObject({ counter: 1, sealed: first });
    expect(read.headers.get("etag")).toBe('"seen-1"');

    // Another device uploaded in between: a writer holding counter 0 must read and merge.
    const stale = await client.call("PUT", PATH, {
      token,
      body: { counter: 1, sealed: sealed() },
      headers: { "If-Match": '"seen-0"' },
    });
    expectProblem(stale, 412, "precondition-failed");
    const foreignTag = await client.call("PUT", PATH, {
      token,
      body: { counter: 2, sealed: sealed() },
      headers: { "If-Match": '"pins-1"' },
    });
    expectProblem(foreignTag, 412, "precondition-failed");
    const second = await client.call("PUT", PATH, {
      token,
      body: { counter: 2, sealed: sealed(3) },
      headers: { "If-Match": '"seen-1"' },
    });
    expect(second.body).toEqual({ counter: 2 });
  });

  it("refuses no If-Match, a counter that does not follow, malformed and oversized copies, and no token", async () => {
    const { client, token } = await signUp();
    const missing = await client.call("PUT", PATH, {
      token,
      body: { counter: 1, sealed: sealed() },
    });
    expectProblem(missing, 428, "precondition-required");
    const skipped = await client.call("PUT", PATH, {
      token,
      body: { counter: 5, sealed: sealed() },
      headers: { "If-Match": '"seen-0"' },
    });
    expectProblem(skipped, 400, "invalid-request");
    expect(pointersOf(skipped)).toEqual(["/counter"]);
    // Not Base64, not whole heads, no head at all, past 12,000 heads.
    const bad = [
      "not base64!",
      randomBytes(40 + 30).toString("base64"),
      randomBytes(40).toString("base64"),
      sealed(12_001),
    ];
    for (const copy of bad) {
      const res = await client.call("PUT", PATH, {
        token,
        body: { counter: 1, sealed: copy },
        headers: { "If-Match": '"seen-0"' },
      });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toEqual(["/sealed"]);
    }
    const huge = await client.call("PUT", PATH, {
      token,
      body: { counter: 1, sealed: sealed(14_000) },
      headers: { "If-Match": '"seen-0"' },
    });
    expectProblem(huge, 413, "body-too-large");
    const anonymousRead = await new Client().call("GET", PATH);
    const anonymousWrite = await new Client().call("PUT", PATH, {
      body: { counter: 1, sealed: sealed() },
      headers: { "If-Match": '"seen-0"' },
    });
    for (const anonymous of [anonymousRead, anonymousWrite]) {
      expectProblem(anonymous, 401, "no-session");
      expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    }
    expect((await client.call<SeenHeadsAnswer>("GET", PATH, { token })).body.counter).toBe(0);
  });

  it("is the caller's own: another account neither reads nor replaces it", async () => {
    const alice = await signUp();
    const mallory = await signUp();
    const mine = sealed();
    await alice.client.call("PUT", PATH, {
      token: alice.token,
      body: { counter: 1, sealed: mine },
      headers: { "If-Match": '"seen-0"' },
    });
    const theirs = await mallory.client.call<SeenHeadsAnswer>("GET", PATH, {
      token: mallory.token,
    });
    expect(theirs.body).toMatchObject({ counter: 0, sealed: null });
    const overwrite = await mallory.client.call("PUT", PATH, {
      token: mallory.token,
      body: { counter: 2, sealed: sealed() },
      headers: { "If-Match": '"seen-1"' },
    });
    expectProblem(overwrite, 412, "precondition-failed");
    const still = await alice.client.call<SeenHeadsAnswer>("GET", PATH, { token: alice.token });
    expect(still.body).toMatchObject({ counter: 1, sealed: mine });
  });

  it("logs the copy at the next epoch, with a proof that verifies under the signed head; before it, a proof of absence", async () => {
    const { client, token, accountId } = await signUp();
    const before = await proven(client, token, () => true);
    expect(
      verifySeenHeadsLookup(before.head, accountId, parseSeenHeadsProof(before.proof)),
    ).toBeUndefined();

    const copy = sealed(4);
    await client.call("PUT", PATH, {
      token,
      body: { counter: 1, sealed: copy },
      headers: { "If-Match": '"seen-0"' },
    });
    const after = await proven(client, token, (proof) => proof.counter === 1);
    const logged = verifySeenHeadsLookup(after.head, accountId, parseSeenHeadsProof(after.proof));
    expect(logged?.counter).toBe(1);
    expect(logged?.digest).toEqual(seenHeadsDigest(fromBase64(copy)));
  });
});

describe("the SDK's account seen heads", () => {
  it("a laptop uploads what it saw; a phone signed in by password starts from it, checked against the log", async () => {
    const identifier = `seen_${randomBytes(6).toString("hex")}`;
    const password = "pw for seen-heads tests";
    const laptop = sdkDevice();
    const { session } = await sdkSignUp(laptop, { identifier, password });
    const noteId = randomUUID();
    session.seenStates = new MemorySeenStates([
      { noteId, version: 7, snapshotVersion: 5, metadataRev: 2 },
    ]);
    expect(await uploadAccountSeenHeads(laptop, session)).toEqual({ counter: 1, uploaded: true });
    // Nothing new: nothing is uploaded.
    expect(await uploadAccountSeenHeads(laptop, session)).toEqual({ counter: 1, uploaded: false });

    const phone = sdkDevice();
    const fresh = await signIn(phone, { identifier, password });
    expect(fresh.seenStates?.all() ?? []).toEqual([]);
    const started = await startFromAccountSeenHeads(phone, fresh);
    expect(started).toEqual({ counter: 1, raised: [noteId] });
    expect(fresh.seenStates?.get(noteId)).toMatchObject({
      version: 7,
      snapshotVersion: 5,
      metadataRev: 2,
    });
  });
});
