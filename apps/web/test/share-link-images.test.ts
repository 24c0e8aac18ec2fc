// A share link's images over HTTP (issue 37; docs/client-crypto.md, "Share links"): the
// owner names the note's attachments the link shows; a reader without a session gets
// their sealed metadata and shape with the open, and their chunks with the link's access
// key, for exactly those ids, while the link serves (and a while after the view that
// used it up). An attachment of another note or account is refused when the link is made
// or re-sealed and when a reader asks for it, each with its status, problem type and
// headers; a wrong key is 403; an ended link 410. The server never holds a file key:
// every byte here is opaque to it.
import { randomBytes } from "node:crypto";
import { mode, onPostgres } from "@notes/test-support/database-mode";
import { describe, expect, it } from "vitest";
import { b64, signUp } from "./support/accounts";
import { type Client, expectNoBody, expectProblem, pointersOf } from "./support/api";
import { attachmentPath, uploadFile } from "./support/attachments";
import { blob, newNote, usage } from "./support/notes";
import {
  linkBody,
  listLinks,
  makeLink,
  openLink,
  postLink,
  probeLink,
  reader,
} from "./support/share-links";
import { sharer } from "./support/sharing";
import { signedBy } from "./support/signatures";

const GONE = 410;

const readLinkChunk = (
  client: Client,
  id: string,
  attachmentId: string,
  index: number,
  access: string,
) =>
  client.call<{ data: string }>(
    "POST",
    `/v1/share-links/${id}/attachments/${attachmentId}/chunks/${index}:read`,
    { body: { access } },
  );

async function ownerWithImage() {
  const owner = await sharer();
  const { id: noteId } = await newNote(owner);
  const image = await uploadFile(owner, noteId, 2 * 4096 + 10);
  return { owner, noteId, image };
}

describe("a share link's images", () => {
  it("serves exactly the attachments the owner named, to the link's access key, counting no view", async () => {
    const { owner, noteId, image } = await ownerWithImage();
    const unnamed = await uploadFile(owner, noteId, 100);
    const link = await makeLink(owner, noteId, { attachmentIds: [image.attachment.id] });

    const anyone = reader();
    const opened = await openLink(anyone, link.id, link.access);
    expect(opened.status, opened.text).toBe(200);
    // Its sealed metadata and shape only: no wrapped key, no note id.
    expect(opened.body.attachments).toEqual([
      {
        id: image.attachment.id,
        metadata: image.attachment.metadata,
        chunkSize: 4096,
        chunkCount: 3,
        size: 2 * 4096 + 10,
      },
    ]);
    for (const [i, chunk] of image.chunks.entries()) {
      const read = await readLinkChunk(anyone, link.id, image.attachment.id, i, link.access);
      expect(read.status, read.text).toBe(200);
      expect(read.body.data).toBe(b64(chunk));
      expect(read.headers.get("cache-control")).toContain("no-store");
    }
    // Reading images counts no view: the open did.
    expect((await listLinks(owner, noteId))[0]).toMatchObject({ views: 1 });

    // The note's other attachment, not named by the link: 404, as for none at all.
    const other = await readLinkChunk(anyone, link.id, unnamed.attachment.id, 0, link.access);
    expectProblem(other, 404, "attachment-not-found");
    const missing = await readLinkChunk(anyone, link.id, image.attachment.id, 3, link.access);
    expectProblem(missing, 404, "attachment-not-found");
    const wrong = await readLinkChunk(
      anyone,
      link.id,
      image.attachment.id,
      0,
      b64(randomBytes(32)),
    );
    expectProblem(wrong, 403, "link-access-refused");
    const unknown = await readLinkChunk(
      anyone,
      randomBytes(16).toString("base64url"),
      image.attachment.id,
      0,
      link.access,
    );
    expectProblem(unknown, 404, "link-not-found");
    const invalid = await readLinkChunk(anyone, link.id, "not-a-uuid", 0, link.access);
    expectProblem(invalid, 400, "invalid-request");
    expect(pointersOf(invalid)).toEqual(["#/path/attachmentId"]);
  });

  it("refuses, through a link, an attachment of another note or another account", async () => {
    const { owner, noteId, image } = await ownerWithImage();
    const link = await makeLink(owner, noteId, { attachmentIds: [image.attachment.id] });
    // The owner's own other note, and a stranger's note.
    const { id: otherNoteId } = await newNote(owner);
    const ownOther = await uploadFile(owner, otherNoteId, 100);
    const stranger = await signUp();
    const { id: strangerNoteId } = await newNote(stranger);
    const foreign = await uploadFile(stranger, strangerNoteId, 100);

    for (const attachment of [ownOther.attachment, foreign.attachment]) {
      const read = await readLinkChunk(reader(), link.id, attachment.id, 0, link.access);
      expectProblem(read, 404, "attachment-not-found");
      // Naming it when making a link or re-sealing one is refused the same way.
      const made = await postLink(
        owner,
        noteId,
        linkBody(owner, { attachmentIds: [image.attachment.id, attachment.id] }).body,
      );
      expectProblem(made, 404, "attachment-not-found");
    }
    const follow = await makeLink(owner, noteId, { mode: "follow" });
    const resealed = await owner.client.call("PUT", `/v1/share-links/${follow.id}/content`, {
      token: owner.token,
      body: {
        sealed: blob(200),
        signature: signedBy(owner.accountId),
        attachmentIds: [foreign.attachment.id],
      },
    });
    expectProblem(resealed, 404, "attachment-not-found");
    // Only the two links made above exist: the refused ones left nothing behind.
    expect((await listLinks(owner, noteId)).map((l) => l.id).sort()).toEqual(
      [link.id, follow.id].sort(),
    );
    // A stranger making a link to their own note naming the owner's image: refused too.
    const stolen = await postLink(
      stranger,
      strangerNoteId,
      linkBody(stranger, { attachmentIds: [image.attachment.id] }).body,
    );
    expectProblem(stolen, 404, "attachment-not-found");
  });

  it("follows what a re-seal names, and ends with the link", async () => {
    const { owner, noteId, image } = await ownerWithImage();
    const second = await uploadFile(owner, noteId, 50);
    const link = await makeLink(owner, noteId, {
      mode: "follow",
      attachmentIds: [image.attachment.id],
    });
    const resealed = await owner.client.call("PUT", `/v1/share-links/${link.id}/content`, {
      token: owner.token,
      body: {
        sealed: blob(200),
        signature: signedBy(owner.accountId),
        attachmentIds: [second.attachment.id],
      },
    });
    expectNoBody(resealed);
    const anyone = reader();
    const opened = await openLink(anyone, link.id, link.access);
    expect((opened.body.attachments as { id: string }[]).map((a) => a.id)).toEqual([
      second.attachment.id,
    ]);
    expectProblem(
      await readLinkChunk(anyone, link.id, image.attachment.id, 0, link.access),
      404,
      "attachment-not-found",
    );
    expect(
      (await readLinkChunk(anyone, link.id, second.attachment.id, 0, link.access)).status,
    ).toBe(200);

    const revoked = await owner.client.call("DELETE", `/v1/share-links/${link.id}`, {
      token: owner.token,
    });
    expect(revoked.status).toBe(204);
    expectProblem(
      await readLinkChunk(anyone, link.id, second.attachment.id, 0, link.access),
      GONE,
      "link-revoked",
    );
  });

  it("lets the view that used a link up show its images, and nothing more is opened", async () => {
    const { owner, noteId, image } = await ownerWithImage();
    const link = await makeLink(owner, noteId, {
      maxViews: 1,
      attachmentIds: [image.attachment.id],
    });
    const anyone = reader();
    expect((await openLink(anyone, link.id, link.access)).status).toBe(200);
    expectProblem(await probeLink(reader(), link.id), GONE, "link-used-up");
    expectProblem(await openLink(reader(), link.id, link.access), GONE, "link-used-up");
    const read = await readLinkChunk(anyone, link.id, image.attachment.id, 0, link.access);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toBe(b64(image.chunks[0] ?? new Uint8Array()));
    const wrong = await readLinkChunk(
      anyone,
      link.id,
      image.attachment.id,
      0,
      b64(randomBytes(32)),
    );
    expectProblem(wrong, 403, "link-access-refused");
  });

  it("keeps an image the note drops while a live link shows it, still counted", async () => {
    const { owner, noteId, image } = await ownerWithImage();
    const link = await makeLink(owner, noteId, { attachmentIds: [image.attachment.id] });
    const before = (await usage(owner)).accountBytes;
    const removed = await owner.client.call("DELETE", attachmentPath(noteId, image.attachment.id), {
      token: owner.token,
    });
    expect(removed.status, removed.text).toBe(204);
    const kept = await owner.client.call("GET", attachmentPath(noteId, image.attachment.id), {
      token: owner.token,
    });
    expect(kept.body.state).toBe("detached");
    expect((await usage(owner)).accountBytes).toBe(before);
    const anyone = reader();
    const opened = await openLink(anyone, link.id, link.access);
    expect((opened.body.attachments as { id: string }[]).map((a) => a.id)).toEqual([
      image.attachment.id,
    ]);
    expect((await readLinkChunk(anyone, link.id, image.attachment.id, 2, link.access)).status).toBe(
      200,
    );
  });
});

describe.runIf(mode === "postgres")("a used-up link's images, later", () => {
  it("answers 410 link-used-up once the last view is more than ten minutes old, and 410 link-expired past the expiry", async () => {
    const { owner, noteId, image } = await ownerWithImage();
    const used = await makeLink(owner, noteId, {
      maxViews: 1,
      attachmentIds: [image.attachment.id],
    });
    const anyone = reader();
    await openLink(anyone, used.id, used.access);
    await onPostgres(
      (sql) =>
        sql`update share_links set last_viewed_at = now() - interval '11 minutes' where id = ${used.id}`,
    );
    expectProblem(
      await readLinkChunk(anyone, used.id, image.attachment.id, 0, used.access),
      GONE,
      "link-used-up",
    );

    const expiring = await makeLink(owner, noteId, { attachmentIds: [image.attachment.id] });
    await openLink(anyone, expiring.id, expiring.access);
    await onPostgres(
      (sql) =>
        sql`update share_links set expires_at = now() - interval '1 second' where id = ${expiring.id}`,
    );
    expectProblem(
      await readLinkChunk(anyone, expiring.id, image.attachment.id, 0, expiring.access),
      GONE,
      "link-expired",
    );
  });
});
