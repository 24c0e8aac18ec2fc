// A member removed from a note with an image (issue 36, "Prove it"): while a member,
// their own client (the SDK) opens the image's file key and metadata; the owner
// removes them in the share dialog, the note's key rotates and the web app re-wraps
// the image's file key under the new one; the removed member is then refused the
// attachment's record (where the new wrapped key is), its chunks and URLs to them.
import { isProblem, openAttachment } from "@notes/client";
import { loadSodium } from "@notes/crypto";
import { carries } from "../fixtures/api-calls";
import { figure, pasteImage } from "../fixtures/attachments";
import { expectSynced, openNote, signUp } from "../fixtures/journeys";
import { sdkMemberOfNewNote } from "../fixtures/sdk-member";
import { closeWithEscape, openShareDialog, roster } from "../fixtures/sharing";
import { expect, test } from "../fixtures/test";

test("a removed member cannot fetch the image's new key, nor its bytes", async ({
  page,
  server,
}) => {
  await signUp(page);
  const member = await sdkMemberOfNewNote(page, server.baseUrl, "gone", "Receipts", "Below.");
  await pasteImage(page);
  const image = figure(page, "image");
  await expect(image).toHaveAttribute("data-state", "complete", { timeout: 20_000 });
  await expectSynced(page);
  const attachmentId = (await image.getAttribute("data-attachment-id")) ?? "";
  const noteId = member.note.id;

  // A member: the image opens with the note's key their device holds.
  const sodium = await loadSodium();
  const seen = await openAttachment(member.api, sodium, noteId, [member.note.cek], attachmentId);
  expect(seen.metadata.name).toBe("receipt.png");

  const rewrapped = page.waitForRequest((request) => carries(request, "attachments.update"));
  const dialog = await openShareDialog(page);
  await dialog.getByRole("button", { name: `Remove ${member.handle}` }).click();
  await expect(roster(dialog).getByRole("listitem")).toHaveCount(1, { timeout: 10_000 });
  await closeWithEscape(page, dialog);
  await rewrapped;

  const refused = (call: Promise<unknown>) =>
    call.then(
      () => "served",
      (e: unknown) => e,
    );
  const record = await refused(member.api.call("attachments.get", { id: noteId, attachmentId }));
  expect(isProblem(record, "note-not-found")).toBe(true);
  const chunk = await refused(
    member.api.call("attachments.chunk", { id: noteId, attachmentId, index: 0 }),
  );
  expect(isProblem(chunk, "note-not-found")).toBe(true);
  // Nor is a removed member given a URL straight at the object store (Postgres lane).
  const direct = await refused(
    member.api.call("attachments.presign", {
      id: noteId,
      attachmentId,
      direction: "download",
      indices: [0],
    }),
  );
  expect(isProblem(direct, "note-not-found")).toBe(true);
  // After a reload, the owner's tab opens the image again: under the note's new key.
  await page.reload();
  await openNote(page, "Receipts");
  await expect(image.getByRole("img", { name: "receipt.png" })).toHaveAttribute(
    "data-full",
    "true",
    { timeout: 20_000 },
  );
});
