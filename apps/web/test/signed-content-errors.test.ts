// Refusals of signed content (issue 21): on every write a signature block must be
// 80 bytes and name the caller, `signatures` must hold one block per update, and a
// metadata signature comes only with metadata. Each answers 400 invalid-request
// pointing at the member, with the rule it broke, and writes nothing.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SignedUp } from "./support/accounts";
import { type ApiResponse, expectProblem, pointersOf } from "./support/api";
import { post, premiumMember } from "./support/bridge";
import { blob, newNote, usage } from "./support/notes";
import { setMembers, sharer } from "./support/sharing";
import { fieldErrors, LENGTH_RULE, SIGNER_RULE, signedBy } from "./support/signatures";

const ONE_PER_UPDATE = "One signature per update, in the same order.";
const WITH_METADATA = "A metadata signature comes only with the metadata it signs.";

/** A 400 invalid-request whose only field errors are `errors` (pointer → detail). */
function expectInvalid(res: ApiResponse, errors: Record<string, string>) {
  expectProblem(res, 400, "invalid-request");
  expect(fieldErrors(res.body)).toEqual(errors);
}

const appendTo = (user: SignedUp, id: string, body: Record<string, unknown>) =>
  user.client.call("POST", `/v1/notes/${id}/updates`, { token: user.token, body });

async function versionOf(user: SignedUp, id: string): Promise<number> {
  const res = await user.client.call<{ version: number }>("GET", `/v1/notes/${id}`, {
    token: user.token,
  });
  return res.body.version;
}

describe("signed appends are refused", () => {
  it("when signatures and updates differ in length, a block is not 80 bytes, or it names someone else", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }]);
    const mine = () => signedBy(editor.accountId);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ updates: [blob(8), blob(8)], signatures: [mine()] }, { "/signatures": ONE_PER_UPDATE }],
      [{ updates: [blob(8)], signatures: [mine(), mine()] }, { "/signatures": ONE_PER_UPDATE }],
      [
        { updates: [blob(8)], signatures: [signedBy(editor.accountId, 79)] },
        { "/signatures/0": LENGTH_RULE },
      ],
      [
        { updates: [blob(8)], signatures: [signedBy(editor.accountId, 81)] },
        { "/signatures/0": LENGTH_RULE },
      ],
      // An editor cannot file an update under the owner's name.
      [
        { updates: [blob(8), blob(8)], signatures: [mine(), signedBy(owner.accountId)] },
        { "/signatures/1": SIGNER_RULE },
      ],
      [{ updates: [blob(8)], metadataSignature: mine() }, { "/metadataSignature": WITH_METADATA }],
      [
        { updates: [blob(8)], metadata: null, metadataSignature: mine() },
        { "/metadataSignature": WITH_METADATA },
      ],
      [
        { updates: [], metadata: blob(20), metadataSignature: signedBy(editor.accountId, 79) },
        { "/metadataSignature": LENGTH_RULE },
      ],
      [
        { updates: [], metadata: blob(20), metadataSignature: signedBy(owner.accountId) },
        { "/metadataSignature": SIGNER_RULE },
      ],
    ];
    const before = await usage(owner);
    for (const [body, errors] of cases) expectInvalid(await appendTo(editor, id, body), errors);
    expect(await versionOf(owner, id)).toBe(0);
    expect(await usage(owner)).toEqual(before);
  });

  it("also when the same requestId went through before (validation comes first)", async () => {
    const user = await sharer();
    const { id } = await newNote(user);
    const requestId = randomUUID();
    expect((await appendTo(user, id, { updates: [blob(8)], requestId })).status).toBe(200);
    const res = await appendTo(user, id, {
      updates: [blob(8)],
      requestId,
      signatures: [signedBy(randomUUID())],
    });
    expectInvalid(res, { "/signatures/0": SIGNER_RULE });
  });
});

describe("signed creation and compaction are refused", () => {
  it("POST /v1/notes: a short block or one naming someone else, at its member", async () => {
    const user = await sharer();
    const other = randomUUID();
    const note = () => ({
      id: randomUUID(),
      metadata: blob(40),
      snapshot: blob(100),
      wrappedCek: blob(80),
    });
    const create = (extra: Record<string, unknown>) =>
      user.client.call("POST", "/v1/notes", { token: user.token, body: { ...note(), ...extra } });
    expectInvalid(await create({ snapshotSignature: signedBy(user.accountId, 79) }), {
      "/snapshotSignature": LENGTH_RULE,
    });
    expectInvalid(
      await create({
        snapshotSignature: signedBy(other),
        metadataSignature: signedBy(other),
      }),
      { "/snapshotSignature": SIGNER_RULE, "/metadataSignature": SIGNER_RULE },
    );
    expect((await usage(user)).noteCount).toBe(0);
  });

  it("POST /v1/notes/{id}:compact: a metadata signature without metadata, a foreign snapshot signature", async () => {
    const user = await sharer();
    const { id } = await newNote(user);
    const compact = (body: Record<string, unknown>) =>
      user.client.call("POST", `/v1/notes/${id}:compact`, {
        token: user.token,
        body: { snapshot: blob(100), coversVersion: 0, ...body },
      });
    expectInvalid(await compact({ metadataSignature: signedBy(user.accountId) }), {
      "/metadataSignature": WITH_METADATA,
    });
    expectInvalid(await compact({ snapshotSignature: signedBy(randomUUID()) }), {
      "/snapshotSignature": SIGNER_RULE,
    });
    expectInvalid(await compact({ snapshotSignature: signedBy(user.accountId, 64) }), {
      "/snapshotSignature": LENGTH_RULE,
    });
    // Nothing was compacted: nothing is kept.
    const kept = await user.client.call("GET", `/v1/notes/${id}/previous-compaction`, {
      token: user.token,
    });
    expectProblem(kept, 404, "not-found");
  });
});

describe("signed revisions and transmissions are refused", () => {
  it("POST /v1/notes/{id}/revisions: at /signature", async () => {
    const user = await premiumMember();
    const { id } = await newNote(user);
    const store = (signature: string) =>
      user.client.call("POST", `/v1/notes/${id}/revisions`, {
        token: user.token,
        body: { snapshot: blob(50), signature },
      });
    expectInvalid(await store(signedBy(user.accountId, 79)), { "/signature": LENGTH_RULE });
    expectInvalid(await store(signedBy(randomUUID())), { "/signature": SIGNER_RULE });
    const list = await user.client.call<{ revisions: unknown[] }>(
      "GET",
      `/v1/notes/${id}/revisions`,
      { token: user.token },
    );
    expect(list.body.revisions).toEqual([]);
  });

  it("POST /v1/bridge/messages: at /signature", async () => {
    const alice = await premiumMember();
    const bob = await premiumMember();
    const short = await post(alice, { signature: signedBy(alice.accountId, 79) });
    expectInvalid(short, { "/signature": LENGTH_RULE });
    const foreign = await post(alice, { signature: signedBy(bob.accountId) });
    expectInvalid(foreign, { "/signature": SIGNER_RULE });
    expect(pointersOf(foreign)).toEqual(["/signature"]);
  });
});
