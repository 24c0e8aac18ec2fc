// Attachments end to end with @notes/client against the real server (issue 36): a file
// encrypted on the owner's device is read byte for byte by a member the note is
// shared with; removing a member rotates the note's key and re-wraps the file key
// (the chunks stay as they are), so a member added afterwards, holding only the new
// key, opens it, and the removed member can fetch nothing.
import { randomBytes } from "node:crypto";
import {
  type ApiClient,
  addMember,
  createNote,
  downloadAttachment,
  isProblem,
  openAttachment,
  openNote,
  removeMember,
  resolveUser,
  type Session,
  signUp,
  uploadAttachment,
} from "@notes/client";
import { loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { sdkDevice } from "./support/sdk-device";

interface User {
  api: ApiClient;
  session: Session;
  handle: string;
}

async function user(): Promise<User> {
  const api = sdkDevice();
  const handle = `files_${randomBytes(6).toString("hex")}`;
  const { session } = await signUp(api, {
    identifier: handle,
    password: "pw for attachment tests",
  });
  return { api, session, handle };
}

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("attachments with @notes/client", () => {
  it("a member reads the file; after a removal the file key is re-wrapped and the removed member is shut out", async () => {
    const sodium = await loadSodium();
    const [owner, bob, carol] = await Promise.all([user(), user(), user()]);
    const note = await createNote(owner.api, owner.session, {
      title: "Receipts",
      tags: [],
      text: "",
    });
    const file = randomBytes(2 * 1024 * 1024 + 12345);
    const uploaded = await uploadAttachment(
      owner.api,
      sodium,
      note.id,
      note.cek,
      new Blob([file]),
      { name: "receipt.pdf", type: "application/pdf" },
    );
    expect(uploaded.record).toMatchObject({ state: "complete", chunkCount: 3 });

    const bobFound = await resolveUser(owner.api, { handle: bob.handle });
    await addMember(owner.api, owner.session, note, { ...bobFound, role: "viewer" });
    const bobNote = await openNote(bob.api, bob.session, note.id);
    const seen = await openAttachment(bob.api, sodium, note.id, [bobNote.cek], uploaded.record.id);
    expect(seen.metadata).toMatchObject({
      name: "receipt.pdf",
      type: "application/pdf",
      size: file.length,
    });
    expect(hexOf(await downloadAttachment(bob.api, sodium, seen))).toBe(hexOf(file));

    const before = await owner.api.call("attachments.get", {
      id: note.id,
      attachmentId: uploaded.record.id,
    });
    const removal = await removeMember(owner.api, owner.session, note, bob.session.account.id);
    expect(removal.rotated).toBe(true);
    const after = await owner.api.call("attachments.get", {
      id: note.id,
      attachmentId: uploaded.record.id,
    });
    expect(after.wrappedKey).not.toBe(before.wrappedKey);
    const gone = await bob.api
      .call("attachments.chunk", { id: note.id, attachmentId: uploaded.record.id, index: 0 })
      .catch((e: unknown) => e);
    expect(isProblem(gone, "note-not-found")).toBe(true);

    const carolFound = await resolveUser(owner.api, { handle: carol.handle });
    await addMember(owner.api, owner.session, note, { ...carolFound, role: "viewer" });
    const carolNote = await openNote(carol.api, carol.session, note.id);
    const carolSees = await openAttachment(
      carol.api,
      sodium,
      note.id,
      [carolNote.cek],
      uploaded.record.id,
    );
    expect(carolSees.keyIndex).toBe(0);
    expect(hexOf(await downloadAttachment(carol.api, sodium, carolSees))).toBe(hexOf(file));
  }, 60_000);
});
