// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Export: every note, as Markdown in a zip made in the browser, holds the text.
import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { signUp, writeNote } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

test("export all notes as a Markdown zip", async ({ page }) => {
  await signUp(page);
  await writeNote(page, "Recipe", "Two cups of flour");
  await writeNote(page, "Poem", "Roses are red");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all as Markdown" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^notes-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText("Exported 2 notes.")).toBeVisible();
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files).sort()).toEqual(["Poem.md", "Recipe.md"]);
  const recipe = strFromU8(files["Recipe.md"] ?? new Uint8Array());
  expect(recipe).toContain('title: "Recipe"');
  expect(recipe).toContain("Two cups of flour");
});
