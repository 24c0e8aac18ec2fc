// Sync across devices: a second browser (its own storage) signs in and sees the note;
// an edit on either side reaches the other after a sync.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import {
  editor,
  expectSynced,
  openNote,
  signIn,
  signUp,
  syncNow,
  writeNote,
} from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test("a second device signs in, sees the note, and edits travel both ways", async ({
  page,
  secondDevice,
}) => {
  const person = await signUp(page);
  await writeNote(page, "Trip plan", "Book the train");

  const other = secondDevice.page;
  await other.goto("/signin");
  await expectNoSeriousA11yViolations(other);
  await saveScreenshot(other, "sign-in");
  await signIn(other, person.handle, person.password);
  await expectNoSeriousA11yViolations(other);
  await openNote(other, "Trip plan");
  await expect(editor(other)).toContainText("Book the train");

  // Edit on the second device; the first gets it on its next sync.
  await editor(other).click();
  await other.keyboard.press("End");
  await other.keyboard.type(" and the hotel");
  await expectSynced(other);
  await openNote(page, "Trip plan");
  await syncNow(page);
  await expect(editor(page)).toContainText("Book the train and the hotel");

  // And back: a title change made on the first device shows in the second's list.
  await page.getByLabel("Title").fill("Trip plan (June)");
  await expectSynced(page);
  await syncNow(other);
  await expect(other.getByRole("button", { name: /Trip plan \(June\)/ })).toBeVisible();
});
