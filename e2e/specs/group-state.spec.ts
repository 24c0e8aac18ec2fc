// The group state is the owner's word, not the server's (issue 33), seen from the web app
// with a tampering route standing for the server. Item 2: the server lists someone the
// owner never added; the Share dialog shows them apart, in words, and the owner's next
// change seals the note's key to no one the owner did not sign in.
import { randomUUID } from "node:crypto";
import { carries, inputOf, rewriteAnswers } from "../fixtures/api-calls";
import { expectSynced, signUp, writeNote } from "../fixtures/journeys";
import { addMember, openShareDialog, roster } from "../fixtures/sharing";
import { expect, test } from "../fixtures/test";

test("item 2: someone the server slips onto a note is shown apart and given no key", async ({
  page,
  secondDevice,
}) => {
  await signUp(page);
  const guest = await signUp(secondDevice.page);
  await writeNote(page, "Board minutes", "for the two of us");
  let dialog = await openShareDialog(page);
  await addMember(dialog, guest.handle, "editor");
  await page.keyboard.press("Escape");
  await expectSynced(page);

  // The server turns and lists a ghost beside the people the owner added.
  const ghost = { userId: randomUUID(), role: "editor", handle: "mallory_ghost" };
  await rewriteAnswers(page, "notes.members", (body) => ({
    ...body,
    members: [...body.members, ghost],
  }));
  const written: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (carries(request, "notes.replaceMembers"))
      written.push(inputOf(request, "notes.replaceMembers"));
  });
  dialog = await openShareDialog(page);
  await expect(roster(dialog).getByRole("listitem")).toHaveCount(2);
  await expect(roster(dialog)).not.toContainText("mallory_ghost");
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("The server also lists mallory_ghost");
  await expect(alert).toContainText("never added");

  // The owner's next change is written from the signed roster: the ghost is not in it.
  await dialog.getByLabel(`Role of ${guest.handle}`).selectOption("viewer");
  await expect(dialog.getByRole("status")).toContainText("is now a viewer");
  expect(written).toHaveLength(1);
  const members = (written[0]?.members ?? []) as { userId: string }[];
  expect(members.map((m) => m.userId)).not.toContain(ghost.userId);
  expect(members).toHaveLength(1);
});
