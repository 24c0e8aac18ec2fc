// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Import: the app's own export, brought into another account, gives back the
// same notes (titles, tags, formatted text); a summary says what came in. A Markdown
// file picked together with the image it shows comes in with the image, an encrypted
// attachment shown inline (issue 36).
import { readFile } from "node:fs/promises";
import { figure } from "../fixtures/attachments";
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
  await expect(summary).toContainText("photo.png: an image no imported note shows");
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

// A 2 × 1 PNG (one red, one blue pixel).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==",
  "base64",
);

test("a Markdown file picked with its image comes in with the image shown", async ({ page }) => {
  await signUp(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByLabel("Files to import").setInputFiles([
    {
      name: "Pantry.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("Top shelf:\n\n![shelf](images/shelf.png)\n\nRice and beans.\n"),
    },
    { name: "shelf.png", mimeType: "image/png", buffer: PNG },
  ]);
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText("Imported 1 note.", { timeout: 20_000 });
  await expect(summary).not.toContainText("Left out");
  await page.getByRole("link", { name: "Notes" }).click();
  await openNote(page, "Pantry");
  await expect(editor(page)).toContainText("Top shelf:");
  await expect(editor(page)).toContainText("Rice and beans.");
  const image = figure(page, "image");
  await expect(image).toHaveAttribute("data-state", "complete", { timeout: 20_000 });
  const shown = image.getByRole("img", { name: "shelf.png" });
  await expect(shown).toBeVisible();
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([2, 1]);
  await expectSynced(page);
});
