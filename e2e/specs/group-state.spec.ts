// The group state is the owner's word, not the server's (issue 33), seen from the web app
// with a tampering route standing for the server. Item 2: the server lists someone the
// owner never added; the Share dialog shows them apart, in words, and the owner's next
// change seals the note's key to no one the owner did not sign in. Item 12: a phone
// linked from the laptop is served an older copy of a note than the laptop saw; it
// starts from the laptop's seen heads (carried in the link's seal), refuses it and says so.
import { randomUUID } from "node:crypto";
import { answerTo, carries, inputOf, rewriteAnswers } from "../fixtures/api-calls";
import { linkNewDevice } from "../fixtures/device-link";
import { editor, expectSynced, signUp, syncNow, writeNote } from "../fixtures/journeys";
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

test("item 12: a phone linked from the laptop refuses an older copy than the laptop saw, and says so", async ({
  page,
  secondDevice,
}) => {
  await signUp(page);
  await writeNote(page, "Diary", "the first entry");
  await editor(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" and a second");
  await expectSynced(page);
  // A sync after the writes: the laptop has now seen the note at its newest version.
  const listed = answerTo(page, "notes.changes");
  await syncNow(page);
  await listed;
  // Through the app, not a reload: what the laptop saw is in its memory.
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings/);

  // The server turns against the phone only: it lists the note as it was when created.
  const phone = secondDevice.page;
  await rewriteAnswers(phone, "notes.changes", (body) => ({
    ...body,
    changes: body.changes.map((c: Record<string, unknown>) =>
      c.deleted ? c : { ...c, version: 0, snapshotVersion: 0, updates: [] },
    ),
  }));
  await linkNewDevice(page, phone);

  await expect(phone.getByTestId("sync-status")).toHaveText("1 note could not be opened", {
    timeout: 20_000,
  });
  const banner = phone.locator(".banner[role=alert]");
  await expect(banner).toContainText(
    "The server sent an older copy of a note than this device has already seen",
  );
  await expect(phone.getByRole("button", { name: /Diary/ })).toHaveCount(0);
});
