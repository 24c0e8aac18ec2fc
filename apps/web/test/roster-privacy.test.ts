// Issue 22, finding 1: the roster must not disclose addresses, and an account id
// must not add anyone. A newcomer is someone the owner found through users:resolve;
// a handle-less member is named to the owner by the address the owner resolved them
// by, never by the account's current e-mail.
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { b64, type SignedUp, signUp, uniqueHandle } from "./support/accounts";
import { expectProblem } from "./support/api";
import { blob, newNote, syncAll } from "./support/notes";
import { verificationCodeFor } from "./support/ops";
import { introduce, putMembers, roster, setMembers, sharer } from "./support/sharing";

/** Applies a merge patch to the caller's account, held to its current ETag. */
async function patchAccount(user: SignedUp, body: Record<string, unknown>) {
  const current = await user.client.call("GET", "/v1/account", { token: user.token });
  const res = await user.client.call("PATCH", "/v1/account", {
    token: user.token,
    body,
    headers: { "If-Match": current.headers.get("etag") ?? "" },
  });
  expect(res.status, res.text).toBe(200);
  return res;
}

/** Mails a verification token for the account's address and redeems it. */
async function verifyAddress(user: SignedUp, address: string) {
  const sent = await user.client.call("POST", "/v1/account:sendVerificationEmail", {
    token: user.token,
  });
  expect(sent.status, sent.text).toBe(202);
  const code = await verificationCodeFor(address);
  const res = await user.client.call("POST", "/v1/account:verifyEmail", {
    token: user.token,
    body: { token: code },
  });
  expect(res.status, res.text).toBe(200);
}

/** An account signed up by e-mail (no handle) with a sharing keypair. */
async function addressOnly(): Promise<SignedUp & { email: string; publicKey: string }> {
  const email = `${uniqueHandle("addr")}@example.com`;
  const user = await signUp(email);
  const publicKey = b64(randomBytes(32));
  const put = await user.client.call("PUT", "/v1/keypair", {
    token: user.token,
    body: { publicKey, wrappedPrivateKey: blob(72), authKey: user.credentials.authKey },
  });
  expect(put.status, put.text).toBe(204);
  return { ...user, email, publicKey };
}

describe("PUT /v1/notes/{id}/members admits only people the owner resolved", () => {
  it("answers a known but never-resolved account id 404 user-not-found, as an unknown one, and adds nobody", async () => {
    const owner = await sharer();
    const victim = await addressOnly();
    const { id } = await newNote(owner);
    const before = await roster(owner, id);
    const etag = before.headers.get("etag") ?? "";

    for (const userId of [victim.accountId, randomUUID()]) {
      const res = await putMembers(owner, id, [{ userId, role: "viewer" }], { ifMatch: etag });
      expectProblem(res, 404, "user-not-found");
      expect(res.headers.get("etag")).toBeNull();
    }
    const after = await roster(owner, id);
    expect(after.body.members).toEqual([
      { userId: owner.accountId, role: "owner", handle: owner.handle, publicKey: owner.publicKey },
    ]);
    expect(after.headers.get("etag")).toBe(etag);
    const { pages } = await syncAll(victim);
    expect(pages.flatMap((p) => p.body.changes).map((c) => c.id)).not.toContain(id);
  });

  it("admits the same account once the owner resolved it, and keeps existing members listable", async () => {
    const owner = await sharer();
    const member = await sharer();
    const { id } = await newNote(owner);
    expectProblem(
      await putMembers(owner, id, [{ userId: member.accountId, role: "editor" }], {
        ifMatch: "*",
      }),
      404,
      "user-not-found",
    );
    await introduce(owner, member);
    const added = await putMembers(owner, id, [{ userId: member.accountId, role: "editor" }], {
      ifMatch: "*",
    });
    expect(added.status, added.text).toBe(200);
    // A second note: the contact is the owner's, not the note's.
    const other = await newNote(owner);
    expect(
      (
        await putMembers(owner, other.id, [{ userId: member.accountId, role: "viewer" }], {
          ifMatch: "*",
        })
      ).status,
    ).toBe(200);
  });
});

describe("the owner's roster names a handle-less member", () => {
  it("by the address the owner resolved, which stays when the member's e-mail changes", async () => {
    const owner = await sharer();
    const bob = await addressOnly();
    await verifyAddress(bob, bob.email);
    await patchAccount(bob, { discoverableByEmail: true });
    const found = await owner.client.call("POST", "/v1/users:resolve", {
      token: owner.token,
      body: { email: bob.email.toUpperCase() },
    });
    expect(found.status, found.text).toBe(200);
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: bob.accountId, role: "viewer" }]);
    const named = {
      userId: bob.accountId,
      role: "viewer",
      name: bob.email,
      addedBy: owner.accountId,
      publicKey: bob.publicKey,
    };
    expect((await roster(owner, id)).body.members[1]).toEqual(named);

    // Bob moves to an address the owner never learnt, and verifies it.
    const moved = `${uniqueHandle("moved")}@example.com`;
    await patchAccount(bob, { email: moved });
    await verifyAddress(bob, moved);
    const after = await roster(owner, id);
    expect(after.body.members[1]).toEqual(named);
    expect(after.text).not.toContain(moved);
  });

  it("by nothing when the owner resolved them by handle and the handle went", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const carol = await addressOnly();
    const handle = uniqueHandle("carol");
    await patchAccount(carol, { handle });
    await introduce(owner, editor, { accountId: carol.accountId, handle });
    const { id } = await newNote(owner);
    await setMembers(owner, id, [
      { userId: editor.accountId, role: "editor" },
      { userId: carol.accountId, role: "viewer" },
    ]);
    await patchAccount(carol, { handle: null });

    const asOwner = await roster(owner, id);
    expect(asOwner.body.members).toContainEqual({
      userId: carol.accountId,
      role: "viewer",
      addedBy: owner.accountId,
      publicKey: carol.publicKey,
    });
    expect(asOwner.text).not.toContain(carol.email);
    const asEditor = await roster(editor, id);
    expect(asEditor.body.members).toContainEqual({
      userId: carol.accountId,
      role: "viewer",
      publicKey: carol.publicKey,
    });
    expect(asEditor.text).not.toContain(carol.email);
  });
});
