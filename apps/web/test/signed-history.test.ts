// Signed revisions and bridge transmissions (issue 21): a signature block given with
// the content is stored and answered with it wherever it is read: a revision's
// descriptor (store, list, single read), a transmission (create, page, single read,
// a repeat of its requestId, and the change feed's bridge event).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { page, post, premiumMember } from "./support/bridge";
import { blob, newNote } from "./support/notes";
import { signedBy } from "./support/signatures";
import { isText, openFeed } from "./support/sockets";

describe("signed revisions", () => {
  it("echo their signature on store, in the list and on the single read; unsigned ones carry none", async () => {
    const user = await premiumMember();
    const { id } = await newNote(user);
    const signature = signedBy(user.accountId);
    const store = (body: Record<string, unknown>) =>
      user.client.call("POST", `/v1/notes/${id}/revisions`, {
        token: user.token,
        body: { snapshot: blob(60), ...body },
      });
    const signed = await store({ signature });
    expect(signed.status, signed.text).toBe(201);
    expect(signed.body).toMatchObject({ revision: 1, bytes: 60, signature });
    const plain = await store({ baseRevision: 1 });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.body).not.toHaveProperty("signature");

    const list = await user.client.call<{ revisions: Record<string, unknown>[] }>(
      "GET",
      `/v1/notes/${id}/revisions`,
      { token: user.token },
    );
    expect(list.body.revisions.map((r) => r.signature)).toEqual([undefined, signature]);
    const one = await user.client.call("GET", `/v1/notes/${id}/revisions/1`, { token: user.token });
    expect(one.body).toMatchObject({ revision: 1, signature, snapshot: expect.any(String) });
  });
});

describe("signed transmissions", () => {
  it("echo their signature on create, in pages, on the single read, on a repeat and on the feed", async () => {
    const alice = await premiumMember();
    const bob = await premiumMember();
    const feed = await openFeed(bob);
    const signature = signedBy(alice.accountId);
    const requestId = randomUUID();
    const created = await post(alice, { signature, requestId });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ authorId: alice.accountId, signature });
    const { seq } = created.body;

    const heard = await feed.until(
      (m) =>
        isText("bridge")(m) && m.kind === "text" && (m.json.message as { seq: number }).seq === seq,
    );
    expect(heard).toEqual({ kind: "text", json: { type: "bridge", message: created.body } });
    feed.close();

    const repeat = await post(alice, { signature: signedBy(alice.accountId), requestId });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(created.body);
    const read = await bob.client.call("GET", `/v1/bridge/messages/${seq}`, { token: bob.token });
    expect(read.body).toEqual(created.body);
    const newest = await page(bob, "?pageSize=5");
    expect(newest.body.messages.find((m) => m.seq === seq)).toEqual(created.body);

    const unsigned = await post(alice, { requestId: randomUUID() });
    expect(unsigned.status).toBe(201);
    expect(unsigned.body).not.toHaveProperty("signature");
  });
});
