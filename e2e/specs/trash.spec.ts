// Trash, pin and sort: a deleted note waits in the trash (a flag in its sealed
// metadata) until restored or deleted for good; pinned notes lead the list.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import {
  editor,
  expectSynced,
  noteAction,
  openNote,
  signUp,
  writeNote,
} from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test("move to trash, restore, pin, sort and empty the trash", async ({ page }) => {
  await signUp(page);
  await writeNote(page, "Apples", "red and green");
  await writeNote(page, "Bananas", "yellow");
  const list = page.getByRole("region", { name: "Notes" });
  const titles = () => list.locator(".note-item .title");

  // Newest edit first; by title on request; a pinned note leads either way.
  await expect(titles()).toHaveText(["Bananas", "Apples"]);
  await page.getByLabel("Sort").selectOption("title");
  await expect(titles()).toHaveText(["Apples", "Bananas"]);
  await openNote(page, "Bananas");
  await page.getByRole("button", { name: "Pin", exact: true }).click();
  await expect(page.getByRole("button", { name: "Pin", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(titles().first()).toContainText("Bananas");
  await expect(list.getByRole("img", { name: "Pinned" })).toHaveCount(1);
  // The same toggle on a list row, without opening the note.
  const rowPin = list
    .getByRole("listitem")
    .filter({ hasText: "Apples" })
    .getByRole("button", { name: "Pin to top" });
  await rowPin.click();
  await expect(rowPin).toHaveAttribute("aria-pressed", "true");
  await expect(list.getByRole("img", { name: "Pinned" })).toHaveCount(2);
  await rowPin.click();
  await expect(rowPin).toHaveAttribute("aria-pressed", "false");
  await expect(list.getByRole("img", { name: "Pinned" })).toHaveCount(1);

  await openNote(page, "Apples");
  await noteAction(page, "Move to trash");
  await expect(titles()).toHaveCount(1);
  await expectSynced(page);

  // Still there after a reload: the flag travelled sealed to the server and back.
  await page.reload();
  await page.getByRole("button", { name: "Trash (1)" }).click();
  await expect(page.getByRole("heading", { name: "Trash" })).toBeVisible();
  await openNote(page, "Apples");
  await expect(page.getByTestId("trashed")).toBeVisible();
  // One clear state: "In the trash", not also "View only" above it.
  await expect(page.getByTestId("view-only")).toHaveCount(0);
  await expect(editor(page)).toHaveAttribute("contenteditable", "false");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "trash");
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("The trash is empty.")).toBeVisible();
  await page.getByRole("button", { name: "Back to notes" }).click();
  await expect(titles()).toHaveCount(2);
  await openNote(page, "Apples");
  await expect(editor(page)).toContainText("red and green");

  // Empty trash is the real delete.
  await noteAction(page, "Move to trash");
  await page.getByRole("button", { name: "Trash (1)" }).click();
  await page.getByRole("button", { name: "Empty trash…" }).click();
  await page.getByRole("button", { name: "Empty trash", exact: true }).click();
  await expect(page.getByText("The trash is empty.")).toBeVisible();
  await expectSynced(page);
  await page.reload();
  await expect(page.getByRole("button", { name: "Trash", exact: true })).toBeVisible();
  await expect(titles()).toHaveText([/^Bananas/]);
});
