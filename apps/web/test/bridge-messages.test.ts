// Bridge transmissions (contract.md §3, §6): exactly 1,064-byte bodies,
// idempotent by requestId, paged newest first with a coerced page size, read one
// by seq, `currentEpoch` following the signed key most members hold, the author named
// by handle, and a deleted author's words staying without attribution.
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { b64, type SignedUp } from "./support/accounts";
import { expectProblem, pointersOf } from "./support/api";
import {
  newEpochId,
  page,
  post,
  premiumMember,
  sealedBody,
  sealKey,
  transmit,
} from "./support/bridge";

describe("POST /v1/bridge/messages", () => {
  it("creates a transmission at a Location, read back by seq", async () => {
    const alice = await premiumMember();
    const body = sealedBody();
    const res = await post(alice, { body, epochId: "RMfR4bbZ0ciHi2JZiaqzAg" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      seq: expect.any(Number),
      body,
      epochId: "RMfR4bbZ0ciHi2JZiaqzAg",
      createdAt: expect.any(String),
      authorId: alice.accountId,
      authorHandle: alice.credentials.identifier,
    });
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(new RegExp(`/v1/bridge/messages/${res.body.seq}$`));
    const read = await alice.client.call("GET", new URL(location).pathname, {
      token: alice.token,
    });
    expect(read.body).toEqual(res.body);
  });

  it("answers 400 for any body length but 1,064 decoded bytes, and bad epoch ids", async () => {
    const alice = await premiumMember();
    for (const body of [sealedBody(1_063), sealedBody(1_065), sealedBody(1_024), "%%%", ""]) {
      const res = await post(alice, { body });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toEqual(["/body"]);
    }
    for (const epochId of ["", "x".repeat(65)]) {
      const res = await post(alice, { epochId });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toEqual(["/epochId"]);
    }
  });

  it("is idempotent by requestId, also for racing repeats, per author", async () => {
    const [alice, bob] = [await premiumMember(), await premiumMember()];
    const requestId = randomUUID();
    const body = sealedBody();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(alice, { body, requestId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.seq)).size).toBe(1);
    const other = await post(bob, { body, requestId });
    expect(other.status).toBe(201);
    expect(other.body.seq).not.toBe(answers[0]?.body.seq);
  });
});

describe("GET /v1/bridge/messages", () => {
  it("pages newest first with tokens down to the oldest", async () => {
    const alice = await premiumMember();
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push((await transmit(alice)).seq);
    const seen: number[] = [];
    let token = "";
    do {
      const res = await page(alice, `?pageSize=2${token && `&pageToken=${token}`}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.messages.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.messages.map((m) => m.seq));
      token = res.body.nextPageToken;
    } while (token && seen.at(-1)! > mine[0]!);
    expect(seen.slice(0, 5)).toEqual([...mine].reverse());
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeLessThan(seen[i - 1]!);
  });

  it("defaults to 100 per page and coerces a larger pageSize to 100", async () => {
    const alice = await premiumMember();
    for (let i = 0; i < 11; i++)
      await Promise.all(Array.from({ length: 10 }, () => transmit(alice)));
    for (const query of ["", "?pageSize=1000", "?pageSize=101"]) {
      const res = await page(alice, query);
      expect(res.status, res.text).toBe(200);
      expect(res.body.messages).toHaveLength(100);
      expect(res.body.nextPageToken).not.toBe("");
    }
    const next = await page(alice, "?pageSize=100");
    const second = await page(alice, `?pageToken=${next.body.nextPageToken}`);
    expect(second.body.messages[0]!.seq).toBe(next.body.messages.at(-1)!.seq - 1);
  });

  it("answers 400 for a pageSize below 1 or not an integer, and a foreign token", async () => {
    const alice = await premiumMember();
    for (const size of ["0", "-3", "1.5", "many"]) {
      const res = await page(alice, `?pageSize=${size}`);
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toEqual(["#/query/pageSize"]);
    }
    for (const token of ["nope", Buffer.from("changes:5").toString("base64url")]) {
      const res = await page(alice, `?pageToken=${token}`);
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toEqual(["#/query/pageToken"]);
    }
  });

  it("names as currentEpoch the signed epoch most members hold, a rotation once it leads", async () => {
    const founder = await premiumMember();
    // Signed handouts, as clients send them (issue 33): the suite's other files leave
    // signed epochs behind, which come before unsigned ones.
    const block = b64(
      Buffer.concat([Buffer.from(founder.accountId.replaceAll("-", ""), "hex"), randomBytes(64)]),
    );
    const handout = (to: SignedUp, epochId: string) =>
      founder.client.call("POST", "/v1/bridge/keys", {
        token: founder.token,
        body: {
          recipientId: to.accountId,
          epochId,
          wrappedKey: b64(randomBytes(80)),
          signature: block,
          epochNumber: 1,
        },
      });
    const first = newEpochId();
    const holders = [founder];
    await handout(founder, first);
    // Earlier tests left epochs behind: grow this one until it leads.
    while ((await page(founder, "?pageSize=1")).body.currentEpoch !== first) {
      expect(holders.length, "an epoch held by 40 members should lead").toBeLessThan(40);
      const member = await premiumMember();
      await handout(member, first);
      holders.push(member);
    }
    const rotated = newEpochId();
    for (const member of holders.slice(1)) await handout(member, rotated);
    expect((await page(founder, "?pageSize=1")).body.currentEpoch).toBe(first);
    await handout(founder, rotated);
    expect((await page(founder, "?pageSize=1")).body.currentEpoch).toBe(rotated);
    // Unsigned wraps held by more members do not take the lead from a signed epoch.
    const unsigned = newEpochId();
    for (const member of [...holders, await premiumMember()])
      await sealKey(founder, member.accountId, unsigned);
    expect((await page(founder, "?pageSize=1")).body.currentEpoch).toBe(rotated);
  });
});

describe("GET /v1/bridge/messages/{seq}", () => {
  it("answers 404 for an unknown seq and 400 for a malformed one", async () => {
    const alice = await premiumMember();
    const latest = await transmit(alice);
    const missing = await alice.client.call("GET", `/v1/bridge/messages/${latest.seq + 1000}`, {
      token: alice.token,
    });
    expectProblem(missing, 404, "not-found");
    for (const seq of ["0", "abc"])
      expectProblem(
        await alice.client.call("GET", `/v1/bridge/messages/${seq}`, { token: alice.token }),
        400,
        "invalid-request",
      );
  });

  it("keeps a deleted author's transmission without its authorId or handle", async () => {
    const [author, reader] = [await premiumMember(), await premiumMember()];
    const sent = await transmit(author);
    const gone = await author.client.call("POST", "/v1/account:delete", {
      token: author.token,
      body: { authKey: author.credentials.authKey },
    });
    expect(gone.status).toBe(204);
    const read = await reader.client.call("GET", `/v1/bridge/messages/${sent.seq}`, {
      token: reader.token,
    });
    expect(sent.authorHandle).toBe(author.credentials.identifier);
    const { authorId: _gone, authorHandle: _named, ...rest } = sent;
    expect(read.body).toEqual(rest);
    const listed = await page(reader, "?pageSize=100");
    expect(listed.body.messages.find((m) => m.seq === sent.seq)).toEqual(rest);
  });
});
