// A signed deletion over HTTP (issue 33, item 3; docs/client-crypto.md, "Signed
// deletion"): POST /v1/notes/{id}:delete carries the owner's signature block over the
// note id and its version, the note row keeps it, and every member's tombstone serves
// it as `deletionSignature`. The server checks only that the block is 80 bytes and names
// the caller, and that the version is the note's; it never verifies the signature. With
// @notes/client, another device acts on a deletion only when it verifies.
import { randomBytes } from "node:crypto";
import {
  createNote,
  deleteNote,
  MemorySeenStates,
  type Session,
  SyncEngine,
  signIn,
  signUp,
} from "@notes/client";
import { describe, expect, it } from "vitest";
import type { SignedUp } from "./support/accounts";
import { type ApiResponse, expectProblem } from "./support/api";
import { append, blob, newNote, syncAll } from "./support/notes";
import { sdkDevice } from "./support/sdk-device";
import { setMembers, sharer } from "./support/sharing";
import { fieldErrors, LENGTH_RULE, SIGNER_RULE, signedBy } from "./support/signatures";

const signedDelete = (user: SignedUp, id: string, body: Record<string, unknown>) =>
  user.client.call("POST", `/v1/notes/${id}:delete`, { token: user.token, body });

/** Each account's view of the note on its change feed (one entry). */
async function feedEntry(user: SignedUp, id: string) {
  const { pages } = await syncAll(user);
  const entries = pages.flatMap((p) => p.body.changes).filter((c) => c.id === id);
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  return { ...entry } as Record<string, unknown>;
}

function expectInvalid(res: ApiResponse, errors: Record<string, unknown>) {
  expectProblem(res, 400, "invalid-request");
  expect(fieldErrors(res.body)).toEqual(errors);
}

describe("POST /v1/notes/{id}:delete", () => {
  it("stores the owner's signature and serves it on every member's tombstone, at the signed version", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }]);
    await append(editor, id, { updates: [blob(16), blob(16)] });
    const deletionSignature = signedBy(owner.accountId);

    const res = await signedDelete(owner, id, { version: 2, deletionSignature });

    expect(res.status, res.text).toBe(204);
    for (const user of [owner, editor]) {
      expect(await feedEntry(user, id)).toMatchObject({
        deleted: true,
        role: "revoked",
        version: 2,
        deletionSignature,
      });
    }
    // Deleting again is a no-op that keeps the first signature.
    const again = await signedDelete(owner, id, {
      version: 2,
      deletionSignature: signedBy(owner.accountId),
    });
    expect(again.status).toBe(204);
    expect(await feedEntry(editor, id)).toMatchObject({ deletionSignature });
  });

  it("refuses a block that is malformed or not the caller's (400 with a pointer), and a version the note moved past (412)", async () => {
    const owner = await sharer();
    const other = await sharer();
    const { id } = await newNote(owner);
    await append(owner, id, { updates: [blob(16)] });
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { version: 1, deletionSignature: signedBy(owner.accountId, 79) },
        { "/deletionSignature": LENGTH_RULE },
      ],
      [
        { version: 1, deletionSignature: signedBy(other.accountId) },
        { "/deletionSignature": SIGNER_RULE },
      ],
      [{ version: 1 }, { "/deletionSignature": expect.any(String) }],
      [{ deletionSignature: signedBy(owner.accountId) }, { "/version": expect.any(String) }],
    ];
    for (const [body, errors] of cases) expectInvalid(await signedDelete(owner, id, body), errors);

    const stale = await signedDelete(owner, id, {
      version: 0,
      deletionSignature: signedBy(owner.accountId),
    });
    expectProblem(stale, 412, "precondition-failed");
    expect(await feedEntry(owner, id)).toMatchObject({ deleted: false, version: 1 });
  });

  it("is the owner's alone (403 owner-required), and a plain DELETE or a removal's tombstone carries no signature", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const removed = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [
      { userId: editor.accountId, role: "editor" },
      { userId: removed.accountId, role: "viewer" },
    ]);
    const byEditor = await signedDelete(editor, id, {
      version: 0,
      deletionSignature: signedBy(editor.accountId),
    });
    expectProblem(byEditor, 403, "owner-required");

    await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }], {
      ownerWrappedCek: blob(80),
    });
    expect(await feedEntry(removed, id)).toMatchObject({ deleted: true, role: "revoked" });
    expect(await feedEntry(removed, id)).not.toHaveProperty("deletionSignature");

    const plain = await owner.client.call("DELETE", `/v1/notes/${id}`, { token: owner.token });
    expect(plain.status).toBe(204);
    expect(await feedEntry(editor, id)).toMatchObject({ deleted: true });
    expect(await feedEntry(editor, id)).not.toHaveProperty("deletionSignature");
  });
});

describe("signed deletion with @notes/client", () => {
  async function twoDevices() {
    const identifier = `deleter_${randomBytes(6).toString("hex")}`;
    const password = "pw for signed deletions";
    const first = sdkDevice();
    const { session } = await signUp(first, { identifier, password });
    const second = sdkDevice();
    const other: Session = {
      ...(await signIn(second, { identifier, password })),
      seenStates: new MemorySeenStates(),
    };
    return { first, session, second, other };
  }

  it("another device removes a note its owner deleted signed, after an edit raced the deletion (412, signed again)", async () => {
    const { first, session, second, other } = await twoDevices();
    const note = await createNote(first, session, { title: "Gone", tags: [], text: "bye" });
    const elsewhere = new SyncEngine(second, other);
    await elsewhere.syncOnce();
    expect(elsewhere.note(note.id)).toBeDefined();
    // Another device appended since this one last saw the note: version 1 on the server.
    await second.call("notes.append", { id: note.id, updates: [blob(24)] });

    await deleteNote(first, session, note);

    const result = await elsewhere.syncOnce();
    expect(result).toMatchObject({ removed: [note.id], unconfirmed: [] });
    expect(other.seenStates?.get(note.id)).toMatchObject({ left: { confirmed: true } });
  });

  it("another device keeps a note deleted without a signature (DELETE), set aside", async () => {
    const { first, session, second, other } = await twoDevices();
    const note = await createNote(first, session, { title: "Kept", tags: [], text: "still here" });
    const elsewhere = new SyncEngine(second, other);
    await elsewhere.syncOnce();

    await first.call("notes.remove", { id: note.id });

    const result = await elsewhere.syncOnce();
    expect(result.removed).toEqual([]);
    expect(result.unconfirmed.map((r) => [r.noteId, r.reason])).toEqual([[note.id, "unsigned"]]);
    expect(result.unconfirmed[0]?.note.metadata.title).toBe("Kept");
  });
});
