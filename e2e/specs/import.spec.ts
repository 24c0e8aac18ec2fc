// Import: the app's own export, brought into another account, gives back the
// same notes (titles, tags, formatted text); a summary says what came in.
import { readFile } from "node:fs/promises";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { editor, expectSynced, openNote, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test("import the export into a new account", async ({ page, secondDevice }) => {
  await signUp(page);
  await writeNote(page, "Recipe", "Two cups of flour");
  await page.getByLabel("Add tag").fill("kitchen");
  await page.keyboard.press("Enter");
  await editor(page).click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("Knead well");
  await expectSynced(page);
  await writeNote(page, "Poem", "Roses are red");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all as Markdown" }).click();
  const zip = await readFile(await (await downloading).path());

  const other = secondDevice.page;
  await signUp(other);
  // No notes yet: nothing to export.
  await expect(other.getByRole("button", { name: "Export all as Markdown" })).toHaveCount(0);
  await other.getByRole("link", { name: "Settings" }).click();
  await other.getByLabel("Files to import").setInputFiles([
    { name: "notes-export.zip", mimeType: "application/zip", buffer: zip },
    { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("x") },
  ]);
  const summary = other.getByTestId("import-summary");
  await expect(summary).toContainText("Imported 2 notes.", { timeout: 20_000 });
  await expect(summary).toContainText("photo.png: not a Markdown file");
  await expectNoSeriousA11yViolations(other);
  await saveScreenshot(other, "import");

  await other.getByRole("link", { name: "Notes" }).click();
  await expectSynced(other);
  await openNote(other, "Recipe");
  await expect(other.getByText("#kitchen").first()).toBeVisible();
  await expect(editor(other)).toContainText("Two cups of flour");
  await expect(editor(other).locator("strong")).toHaveText("Knead well");
  await openNote(other, "Poem");
  await expect(editor(other)).toContainText("Roses are red");
});
