// Attachments over /v1 (issue 36): a resumable upload (create, chunks in any order and
// again, finish), download by chunk, usage charged before the first chunk and freed by
// removal and by the note's deletion, a revision keeping what it may show, and every
// refusal with its status, problem type and headers, from a foreign account too.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { expectProblem, pointersOf } from "./support/api";
import {
  attachmentPath,
  chunksOf,
  finishUpload,
  putChunk,
  readChunk,
  startUpload,
  uploadFile,
} from "./support/attachments";
import { blob, grantComplimentary, newNote, usage } from "./support/notes";
import { setMembers, sharer } from "./support/sharing";

const MiB = 1024 * 1024;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

describe("uploading and downloading an attachment", () => {
  it("takes chunks in any order and again, says which are missing, and serves them back", async () => {
    const user = await signUp();
    const note = await newNote(user);
    const before = (await usage(user)).accountBytes;
    const size = 3 * 4096 + 100;
    const started = await startUpload(user, note.id, { size, chunkSize: 4096 });
    expect(started.status, started.text).toBe(201);
    expect(started.headers.get("location")).toMatch(
      new RegExp(`/v1/notes/${note.id}/attachments/${started.body.id}$`),
    );
    expect(started.body).toMatchObject({
      noteId: note.id,
      chunkSize: 4096,
      chunkCount: 4,
      size,
      state: "uploading",
      missingChunks: [0, 1, 2, 3],
    });
    // The whole size is charged at the start: the account cannot run out halfway.
    expect((await usage(user)).accountBytes).toBe(before + size + 296 + 72);

    const chunks = chunksOf(size, 4096);
    const id = started.body.id;
    for (const i of [3, 1])
      expect((await putChunk(user, note.id, id, i, chunks[i]!)).status).toBe(204);
    // A lost answer is sent again: the same chunk replaces itself.
    expect((await putChunk(user, note.id, id, 1, chunks[1]!)).status).toBe(204);
    const resumed = await user.client.call("GET", attachmentPath(note.id, id), {
      token: user.token,
    });
    expect(resumed.body.missingChunks).toEqual([0, 2]);
    const early = await finishUpload(user, note.id, id);
    expectProblem(early, 409, "attachment-state");
    expect(early.body.detail).toContain("0, 2");

    for (const i of [0, 2])
      expect((await putChunk(user, note.id, id, i, chunks[i]!)).status).toBe(204);
    const finished = await finishUpload(user, note.id, id);
    expect(finished.status).toBe(200);
    expect(finished.body.state).toBe("complete");
    expect(finished.body.missingChunks).toBeUndefined();
    expect((await finishUpload(user, note.id, id)).body.state).toBe("complete");

    for (const [i, chunk] of chunks.entries()) {
      const read = await readChunk(user, note.id, id, i);
      expect(read.status).toBe(200);
      expect(read.body.data).toBe(b64(chunk));
    }
    const listed = await user.client.call<{ attachments: { id: string }[]; nextPageToken: string }>(
      "GET",
      attachmentPath(note.id),
      { token: user.token },
    );
    expect(listed.body.nextPageToken).toBe("");
    expect(listed.body.attachments.map((a) => a.id)).toEqual([id]);

    // Finished chunks are fixed.
    expectProblem(await putChunk(user, note.id, id, 0, chunks[0]!), 409, "attachment-state");
    expect((await usage(user)).accountBytes).toBe(before + size + 296 + 72);
  });

  it("holds every chunk to its exact length and its index to the upload's range", async () => {
    const user = await signUp();
    const note = await newNote(user);
    const { body } = await startUpload(user, note.id, { size: 5000, chunkSize: 4096 });
    const short = await putChunk(user, note.id, body.id, 0, new Uint8Array(4095));
    expectProblem(short, 400, "invalid-request");
    expect(pointersOf(short)).toEqual(["/data"]);
    const lastTooLong = await putChunk(user, note.id, body.id, 1, new Uint8Array(4096));
    expect(pointersOf(lastTooLong)).toEqual(["/data"]);
    const beyond = await putChunk(user, note.id, body.id, 2, new Uint8Array(904));
    expectProblem(beyond, 400, "invalid-request");
    expect(pointersOf(beyond)).toEqual(["#/path/index"]);
    expect((await putChunk(user, note.id, body.id, 1, new Uint8Array(904))).status).toBe(204);
  });

  it("answers 409 attachment-exists for a reused id and 404 attachment-not-found for an unknown one", async () => {
    const user = await signUp();
    const note = await newNote(user);
    const id = randomUUID();
    expect((await startUpload(user, note.id, { id, size: 10, chunkSize: 10 })).status).toBe(201);
    expectProblem(
      await startUpload(user, note.id, { id, size: 10, chunkSize: 10 }),
      409,
      "attachment-exists",
    );
    const unknown = randomUUID();
    expectProblem(
      await user.client.call("GET", attachmentPath(note.id, unknown), { token: user.token }),
      404,
      "attachment-not-found",
    );
    expectProblem(await readChunk(user, note.id, id, 0), 404, "attachment-not-found");
    // The attachment is the note's: under another note of the same owner it is unknown.
    const other = await newNote(user);
    expectProblem(
      await user.client.call("GET", attachmentPath(other.id, id), { token: user.token }),
      404,
      "attachment-not-found",
    );
  });

  it("offers no presigned URLs while chunks are kept in the database: 409 direct-transfer-unavailable", async () => {
    const user = await signUp();
    const note = await newNote(user);
    const started = await startUpload(user, note.id, { size: 10, chunkSize: 10 });
    expect(started.body.directTransfer).toBeUndefined();
    const path = attachmentPath(note.id, started.body.id);
    for (const direction of ["upload", "download"])
      expectProblem(
        await user.client.call("POST", `${path}:presign`, {
          token: user.token,
          body: { direction, indices: [0] },
        }),
        409,
        "direct-transfer-unavailable",
      );
    expectProblem(
      await user.client.call("POST", `${path}/chunks/0:stored`, { token: user.token }),
      409,
      "direct-transfer-unavailable",
    );
  });

  it("needs a session: 401 with the bearer challenge", async () => {
    const user = await signUp();
    const note = await newNote(user);
    const res = await user.client.call("GET", attachmentPath(note.id));
    expectProblem(res, 401, "no-session");
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
  });
});

describe("attachment limits", () => {
  it("answers 402 free-storage-full before the upload starts, charging nothing", async () => {
    const user = await signUp();
    const note = await newNote(user);
    const before = await usage(user);
    const room = before.maxAccountBytes - before.accountBytes;
    const refused = await startUpload(user, note.id, { size: room, chunkSize: 4 * MiB });
    expectProblem(refused, 402, "free-storage-full");
    expect((await usage(user)).accountBytes).toBe(before.accountBytes);
    // What fits is taken.
    expect(
      (await startUpload(user, note.id, { size: room - 1000, chunkSize: 4 * MiB })).status,
    ).toBe(201);
  });

  it("answers 413 body-too-large past the largest single file (2 GiB of ciphertext)", async () => {
    const user = await signUp();
    await grantComplimentary(user.credentials.identifier);
    const note = await newNote(user);
    const refused = await startUpload(user, note.id, {
      size: 2 * 1024 * MiB + 1,
      chunkSize: 4 * MiB,
    });
    expectProblem(refused, 413, "body-too-large");
  });

  it("is not held to one note's 64 MiB: the tier's ceiling is the only storage limit", async () => {
    const user = await signUp();
    await grantComplimentary(user.credentials.identifier);
    const note = await newNote(user);
    const res = await startUpload(user, note.id, { size: 100 * MiB, chunkSize: 4 * MiB + 40 });
    expect(res.status, res.text).toBe(201);
    expect(res.body.chunkCount).toBe(25);
  });
});

describe("who may read and write attachments", () => {
  it("hides them from a foreign account, lets an editor upload and a viewer only download", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const viewer = await sharer();
    const stranger = await sharer();
    const note = await newNote(owner);
    await setMembers(owner, note.id, [
      { userId: editor.accountId, role: "editor" },
      { userId: viewer.accountId, role: "viewer" },
    ]);
    const ownerBefore = (await usage(owner)).accountBytes;
    const { attachment, chunks } = await uploadFile(editor, note.id, 5000);
    // An editor's upload counts against the owner.
    expect((await usage(owner)).accountBytes).toBe(ownerBefore + 5000 + 296 + 72);
    expect((await usage(editor)).accountBytes).toBe(0);
    expect((await readChunk(viewer, note.id, attachment.id, 1)).body.data).toBe(b64(chunks[1]!));
    expectProblem(
      await startUpload(viewer, note.id, { size: 10, chunkSize: 10 }),
      403,
      "view-only",
    );
    expectProblem(
      await viewer.client.call("DELETE", attachmentPath(note.id, attachment.id), {
        token: viewer.token,
      }),
      403,
      "view-only",
    );
    for (const res of [
      await stranger.client.call("GET", attachmentPath(note.id), { token: stranger.token }),
      await stranger.client.call("GET", attachmentPath(note.id, attachment.id), {
        token: stranger.token,
      }),
      await readChunk(stranger, note.id, attachment.id, 0),
      await startUpload(stranger, note.id, { size: 10, chunkSize: 10 }),
      await putChunk(stranger, note.id, attachment.id, 0, new Uint8Array(4096)),
      await stranger.client.call("DELETE", attachmentPath(note.id, attachment.id), {
        token: stranger.token,
      }),
    ])
      expectProblem(res, 404, "note-not-found");
  });
});

describe("freeing attachment bytes", () => {
  it("gives the bytes back when the attachment is removed, and when the note is deleted", async () => {
    const user = await signUp();
    const note = await newNote(user);
    const before = (await usage(user)).accountBytes;
    const first = await uploadFile(user, note.id, 9000);
    await uploadFile(user, note.id, 4000);
    const removed = await user.client.call("DELETE", attachmentPath(note.id, first.attachment.id), {
      token: user.token,
    });
    expect(removed.status).toBe(204);
    expect((await usage(user)).accountBytes).toBe(before + 4000 + 296 + 72);
    expectProblem(
      await readChunk(user, note.id, first.attachment.id, 0),
      404,
      "attachment-not-found",
    );
    // An unfinished upload goes with the note too.
    await startUpload(user, note.id, { size: 100, chunkSize: 100 });
    const deleted = await user.client.call("DELETE", `/v1/notes/${note.id}`, { token: user.token });
    expect(deleted.status).toBe(204);
    expect((await usage(user)).accountBytes).toBe(0);
  });

  it("keeps a removed attachment a revision stored since may show, until the note goes", async () => {
    const user = await signUp();
    await grantComplimentary(user.credentials.identifier);
    const note = await newNote(user);
    const { attachment, chunks } = await uploadFile(user, note.id, 5000);
    const revision = await user.client.call("POST", `/v1/notes/${note.id}/revisions`, {
      token: user.token,
      body: { snapshot: blob(300) },
    });
    expect(revision.status, revision.text).toBe(201);
    const withRevision = (await usage(user)).accountBytes;
    const removed = await user.client.call("DELETE", attachmentPath(note.id, attachment.id), {
      token: user.token,
    });
    expect(removed.status).toBe(204);
    const kept = await user.client.call("GET", attachmentPath(note.id, attachment.id), {
      token: user.token,
    });
    expect(kept.body.state).toBe("detached");
    expect((await readChunk(user, note.id, attachment.id, 1)).body.data).toBe(b64(chunks[1]!));
    expect((await usage(user)).accountBytes).toBe(withRevision);
    // One stored after the revision is not kept by it.
    const later = await uploadFile(user, note.id, 100);
    await user.client.call("DELETE", attachmentPath(note.id, later.attachment.id), {
      token: user.token,
    });
    expect((await usage(user)).accountBytes).toBe(withRevision);
    expect(
      (await user.client.call("DELETE", `/v1/notes/${note.id}`, { token: user.token })).status,
    ).toBe(204);
    expect((await usage(user)).accountBytes).toBe(0);
  });

  it("renames by replacing the sealed metadata, moving usage by the difference", async () => {
    const user = await signUp();
    const note = await newNote(user);
    const { attachment } = await uploadFile(user, note.id, 100);
    const before = (await usage(user)).accountBytes;
    const renamed = await user.client.call("PATCH", attachmentPath(note.id, attachment.id), {
      token: user.token,
      body: { metadata: blob(552) },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(Buffer.from(renamed.body.metadata as string, "base64").length).toBe(552);
    expect((await usage(user)).accountBytes).toBe(before + 256);
  });
});
