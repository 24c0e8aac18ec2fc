// Revisions are premium: 402 for a free account; stored, listed newest first and
// read back for a complimentary one, counting against the owner's usage.
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { baseUrl, expectProblem } from "./support/api";
import { blob, grantComplimentary, newNote, usage } from "./support/notes";

describe("revisions", () => {
  it("answer 402 premium-required on a free account", async () => {
    const user = await signUp();
    const { id } = await newNote(user);
    expectProblem(
      await user.client.call("GET", `/v1/notes/${id}/revisions`, { token: user.token }),
      402,
      "premium-required",
    );
    const store = await user.client.call("POST", `/v1/notes/${id}/revisions`, {
      token: user.token,
      body: { snapshot: blob(10) },
    });
    expectProblem(store, 402, "premium-required");
  });

  it("are stored, listed newest first with deltas, and read back", async () => {
    const user = await signUp();
    await grantComplimentary(user.credentials.identifier);
    const { id } = await newNote(user, 100);
    const before = await usage(user);
    const first = await user.client.call("POST", `/v1/notes/${id}/revisions`, {
      token: user.token,
      body: { snapshot: blob(300), epochId: "uw4kvv41zWEq0G2nekpUpA" },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      revision: 1,
      bytes: 300,
      authorHandle: user.credentials.identifier,
      epochId: "uw4kvv41zWEq0G2nekpUpA",
    });
    // The created revision is where Location says.
    const location = first.headers.get("location");
    expect(location).toBe(`${baseUrl()}/v1/notes/${id}/revisions/1`);
    const located = await user.client.call("GET", new URL(location ?? "").pathname, {
      token: user.token,
    });
    expect(located.body).toMatchObject({ revision: 1, snapshot: expect.any(String) });
    const deltaSnapshot = blob(40);
    const second = await user.client.call("POST", `/v1/notes/${id}/revisions`, {
      token: user.token,
      body: { snapshot: deltaSnapshot, baseRevision: 1 },
    });
    expect(second.body).toMatchObject({ revision: 2, baseRevision: 1, bytes: 40 });
    const list = await user.client.call<{
      revisions: { revision: number }[];
      nextPageToken: string;
    }>("GET", `/v1/notes/${id}/revisions`, { token: user.token });
    expect(list.body.revisions.map((r) => r.revision)).toEqual([2, 1]);
    expect(list.body.nextPageToken).toBe("");
    const read = await user.client.call("GET", `/v1/notes/${id}/revisions/2`, {
      token: user.token,
    });
    expect(read.body).toMatchObject({ revision: 2, baseRevision: 1, snapshot: deltaSnapshot });
    expectProblem(
      await user.client.call("GET", `/v1/notes/${id}/revisions/9`, { token: user.token }),
      404,
      "not-found",
    );
    expect((await usage(user)).accountBytes).toBe(before.accountBytes + 340);
    await user.client.call("DELETE", `/v1/notes/${id}`, { token: user.token });
    expect((await usage(user)).accountBytes).toBe(0);
  });

  it("hide a note's revisions from a premium stranger (404)", async () => {
    const owner = await signUp();
    await grantComplimentary(owner.credentials.identifier);
    const { id } = await newNote(owner);
    const stranger = await signUp();
    await grantComplimentary(stranger.credentials.identifier);
    expectProblem(
      await stranger.client.call("GET", `/v1/notes/${id}/revisions`, { token: stranger.token }),
      404,
      "note-not-found",
    );
  });
});
