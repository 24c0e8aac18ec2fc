// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Checklists: "[ ] " at the start of a line makes a to-do item (so does the toolbar's
// Checklist), a click ticks it, the ticks survive a reload, search finds the items'
// words, and the Markdown export writes them as "- [ ]" / "- [x]".
import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { editor, expectSynced, openNote, signUp } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test("a checklist: type it, tick it, find it, export it", async ({ page }) => {
  await signUp(page);
  await page.getByRole("button", { name: "New note" }).click();
  await page.getByLabel("Title").fill("Weekend");
  await editor(page).click({ position: { x: 12, y: 12 } });
  await page.keyboard.type("[ ] buy sourdough");
  await page.keyboard.press("Enter");
  await page.keyboard.type("call Ana");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Checklist" }).click();
  await page.keyboard.type("water the basil");

  const boxes = editor(page).getByRole("checkbox");
  await expect(boxes).toHaveCount(3);
  await editor(page).getByRole("checkbox", { name: "Done: buy sourdough" }).check();
  await expect(editor(page).locator('li[data-checked="true"] > div')).toHaveText("buy sourdough");
  await expectSynced(page);
  await saveScreenshot(page, "checklist");

  await page.reload();
  await openNote(page, "Weekend");
  await expect(editor(page).getByRole("checkbox", { name: "Done: buy sourdough" })).toBeChecked();
  await expect(editor(page).getByRole("checkbox", { name: "Done: call Ana" })).not.toBeChecked();

  // Search finds a word of any item, not only the first.
  await page.getByLabel("Search notes").fill("basil");
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("listitem")).toHaveText([/Weekend/]);
  await expect(results.locator(".snippet mark")).toHaveText("basil");
  await page.getByLabel("Search notes").fill("");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all as Markdown" }).click();
  const files = unzipSync(new Uint8Array(await readFile(await (await downloading).path())));
  const markdown = strFromU8(files["Weekend.md"] ?? new Uint8Array());
  expect(markdown).toContain("- [x] buy sourdough");
  expect(markdown).toContain("- [ ] call Ana");
  expect(markdown).toContain("- [ ] water the basil");
});
