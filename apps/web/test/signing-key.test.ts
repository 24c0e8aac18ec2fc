// PUT /v1/keypair/signing-key (issue 21, signed content): an account's Ed25519
// signing public key, set once, then published wherever its public keys travel:
// GET /v1/keypair, the authentication response's keys, users:resolve, the note
// roster (to every member, with the sharing key) and the bridge's member list.
// Storing it needs the account's current auth key (issue 33, item 9).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { b64, type SignedUp, signIn, signUp } from "./support/accounts";
import { type ApiResponse, Client, expectNoBody, expectProblem, pointersOf } from "./support/api";
import { newEpochId, premiumMember } from "./support/bridge";
import { eventually } from "./support/key-transparency";
import { newNote } from "./support/notes";
import { putMembers, roster, setMembers, sharer } from "./support/sharing";
import { signingKey } from "./support/signatures";

const PATH = "/v1/keypair/signing-key";

/** Published as the account's client does: with the auth key its password derives. */
function putKey(user: SignedUp, signingPublicKey: unknown): Promise<ApiResponse> {
  return user.client.call("PUT", PATH, {
    token: user.token,
    body: { signingPublicKey, authKey: user.credentials.authKey },
  });
}

describe("the signing public key", () => {
  it("is stored once, read back, and travels with sign-in and users:resolve", async () => {
    const alice = await sharer();
    const bob = await sharer();
    const key = signingKey();
    const put = await putKey(alice, key);
    expect(put.status, put.text).toBe(204);
    expectNoBody(put);
    // An identical repeat is a no-op.
    const again = await putKey(alice, key);
    expect(again.status).toBe(204);
    expectNoBody(again);

    const read = await alice.client.call("GET", "/v1/keypair", { token: alice.token });
    expect(read.body).toEqual({
      publicKey: alice.publicKey,
      wrappedPrivateKey: expect.any(String),
      signingPublicKey: key,
    });
    const session = await signIn(new Client(), alice.handle, alice.credentials.authKey);
    expect(session.status, session.text).toBe(200);
    expect(session.body.keys).toMatchObject({ publicKey: alice.publicKey, signingPublicKey: key });
    const resolved = await bob.client.call("POST", "/v1/users:resolve", {
      token: bob.token,
      body: { handle: alice.handle },
    });
    // Less its key-transparency proof, there once an epoch logged the keys (issue 34).
    const { keyTransparency: _proof, ...answered } = resolved.body;
    expect(answered).toEqual({
      userId: alice.accountId,
      handle: alice.handle,
      publicKey: alice.publicKey,
      signingPublicKey: key,
    });
    // Before it is set, none of them carries one.
    const unset = await alice.client.call("POST", "/v1/users:resolve", {
      token: alice.token,
      body: { handle: bob.handle },
    });
    expect(unset.body).not.toHaveProperty("signingPublicKey");
  });

  it("is shown with the sharing key for every member of a roster, to every member", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const ownerKey = signingKey();
    expect((await putKey(owner, ownerKey)).status).toBe(204);
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }]);
    const asEditor = await roster(editor, id);
    expect(asEditor.body.members).toEqual([
      {
        userId: owner.accountId,
        role: "owner",
        handle: owner.handle,
        publicKey: owner.publicKey,
        signingPublicKey: ownerKey,
      },
      {
        userId: editor.accountId,
        role: "editor",
        handle: editor.handle,
        publicKey: editor.publicKey,
      },
    ]);

    // A key set later leaves the roster's ETag as it was: the owner's If-Match holds.
    const before = await roster(owner, id);
    const editorKey = signingKey();
    expect((await putKey(editor, editorKey)).status).toBe(204);
    const after = await roster(owner, id);
    expect(after.body.members[1]).toMatchObject({ signingPublicKey: editorKey });
    expect(after.headers.get("etag")).toBe(before.headers.get("etag"));
    const replaced = await putMembers(owner, id, [{ userId: editor.accountId, role: "viewer" }], {
      ifMatch: before.headers.get("etag"),
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.members[1]).toMatchObject({
      role: "viewer",
      publicKey: editor.publicKey,
      signingPublicKey: editorKey,
    });
  });

  it("is listed with each bridge member who lacks a wrap", async () => {
    const alice = await premiumMember();
    const bob = await premiumMember();
    const key = signingKey();
    expect((await putKey(bob, key)).status).toBe(204);
    const epochId = newEpochId();
    const list = () =>
      alice.client.call<{ members: Record<string, unknown>[] }>(
        "GET",
        `/v1/bridge/members?epochId=${epochId}`,
        { token: alice.token },
      );
    let res = await list();
    expect(res.status, res.text).toBe(200);
    // Bob's keys are logged at the next epoch (200 ms here; the keypair and the signing
    // key in one epoch or two), and his row then carries their proof: asked until it
    // holds the signing key, so the answer is the same on every run.
    const logged = (m: Record<string, unknown> | undefined) =>
      (m?.keyTransparency as { signingPublicKey?: string } | undefined)?.signingPublicKey === key;
    res = await eventually(async () => {
      const again = await list();
      return logged(again.body.members.find((m) => m.userId === bob.accountId)) ? again : undefined;
    });
    // The handle names them to whoever decides to let them in (issue 33, item 2).
    const bobs = res.body.members.find((m) => m.userId === bob.accountId);
    expect(bobs).toEqual({
      userId: bob.accountId,
      handle: expect.any(String),
      publicKey: expect.any(String),
      signingPublicKey: key,
      keyTransparency: expect.objectContaining({ signingPublicKey: key }),
    });
    expect((bobs?.keyTransparency as { publicKey?: string } | undefined)?.publicKey).toBe(
      bobs?.publicKey,
    );
    const lacking = res.body.members.find((m) => m.userId === alice.accountId);
    expect(lacking).toBeDefined();
    expect(lacking).not.toHaveProperty("signingPublicKey");
  });

  it("needs no sharing keypair; GET /v1/keypair still answers 404 no-keypair without one", async () => {
    const user = await signUp();
    const key = signingKey();
    expect((await putKey(user, key)).status).toBe(204);
    expectProblem(
      await user.client.call("GET", "/v1/keypair", { token: user.token }),
      404,
      "no-keypair",
    );
    const session = await signIn(
      new Client(),
      user.credentials.identifier,
      user.credentials.authKey,
    );
    expect(session.body.keys).toMatchObject({ signingPublicKey: key });
    expect(session.body.keys).not.toHaveProperty("publicKey");
  });
});

describe("refusals of PUT /v1/keypair/signing-key", () => {
  it("answer 409 signing-key-exists for a different key, and keep the first", async () => {
    const user = await sharer();
    const key = signingKey();
    expect((await putKey(user, key)).status).toBe(204);
    const res = await putKey(user, signingKey());
    expectProblem(res, 409, "signing-key-exists");
    expect(res.body.title).toBe("Signing key already set");
    const read = await user.client.call("GET", "/v1/keypair", { token: user.token });
    expect(read.body.signingPublicKey).toBe(key);
  });

  it("answer 400 pointing at the key when it is not 32 bytes of Base64", async () => {
    const user = await signUp();
    for (const bad of [signingKey(31), signingKey(33), "not base64!", b64(randomBytes(0)), null]) {
      const res = await putKey(user, bad);
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res), String(bad)).toEqual(["/signingPublicKey"]);
    }
    const missing = await user.client.call("PUT", PATH, {
      token: user.token,
      body: { authKey: user.credentials.authKey },
    });
    expectProblem(missing, 400, "invalid-request");
    expect(pointersOf(missing)).toEqual(["/signingPublicKey"]);
    // Nothing was stored: a valid key is still accepted.
    expect((await putKey(user, signingKey())).status).toBe(204);
  });

  it("answer 401 without a valid token, with the bearer challenge", async () => {
    const client = new Client();
    for (const token of [undefined, "not-a-token"]) {
      const res = await client.call("PUT", PATH, {
        ...(token && { token }),
        body: { signingPublicKey: signingKey() },
      });
      expectProblem(res, 401, "no-session");
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="notes"/);
    }
  });
});

describe("PUT /v1/keypair/signing-key with a session token alone (issue 33, item 9)", () => {
  it("answers 400 pointing at authKey when it is missing or malformed, and stores nothing", async () => {
    const user = await signUp();
    for (const authKey of [undefined, b64(randomBytes(33)), "not base64!"]) {
      const res = await user.client.call("PUT", PATH, {
        token: user.token,
        body: { signingPublicKey: signingKey(), ...(authKey && { authKey }) },
      });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res), String(authKey)).toEqual(["/authKey"]);
    }
    const session = await signIn(
      new Client(),
      user.credentials.identifier,
      user.credentials.authKey,
    );
    expect(session.body.keys).not.toHaveProperty("signingPublicKey");
  });

  it("answers 401 credential-rejected with the bearer challenge for a wrong auth key; the owner's key goes in after", async () => {
    const user = await signUp();
    const res = await user.client.call("PUT", PATH, {
      token: user.token,
      body: { signingPublicKey: signingKey(), authKey: b64(randomBytes(32)) },
    });
    expectProblem(res, 401, "credential-rejected");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="notes"/);
    // The token still works, and nothing was stored under the owner's name.
    expect((await user.client.call("GET", "/v1/account", { token: user.token })).status).toBe(200);
    const key = signingKey();
    expect((await putKey(user, key)).status).toBe(204);
    const session = await signIn(
      new Client(),
      user.credentials.identifier,
      user.credentials.authKey,
    );
    expect(session.body.keys).toMatchObject({ signingPublicKey: key });
  });

  it("takes only the current auth key: the one from before a password change is refused", async () => {
    const user = await signUp();
    const newAuthKey = b64(randomBytes(32));
    const changed = await user.client.call("POST", "/v1/account:changePassword", {
      token: user.token,
      body: {
        currentAuthKey: user.credentials.authKey,
        newAuthKey,
        newWrappedMasterKey: b64(randomBytes(72)),
      },
    });
    expect(changed.status, changed.text).toBe(204);
    expectProblem(await putKey(user, signingKey()), 401, "credential-rejected");
    const res = await user.client.call("PUT", PATH, {
      token: user.token,
      body: { signingPublicKey: signingKey(), authKey: newAuthKey },
    });
    expect(res.status, res.text).toBe(204);
  });
});
