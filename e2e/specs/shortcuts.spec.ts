// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Keyboard shortcuts: new note, search, next and previous note, and the "?" sheet.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { editor, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test("the notes screen works from the keyboard", async ({ page }) => {
  await signUp(page);
  await writeNote(page, "Alpha", "first");
  await writeNote(page, "Bravo", "second");
  await writeNote(page, "Charlie", "third");
  const title = page.getByLabel("Title");
  // Next and previous follow the order shown: by title here (the default is last edited).
  await page.getByLabel("Sort").selectOption("title");
  // Leave the editor: single-key shortcuts never fire while typing.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("k");
  await expect(title).toHaveValue("Bravo");
  await page.keyboard.press("k");
  await expect(title).toHaveValue("Alpha");
  await page.keyboard.press("j");
  await expect(title).toHaveValue("Bravo");
  // The Alt forms work from inside the editor.
  await page.getByRole("textbox", { name: "Note text" }).click();
  await page.keyboard.press("Alt+ArrowDown");
  await expect(title).toHaveValue("Charlie");
  await expect(page.getByRole("textbox", { name: "Note text" })).toHaveText("third");

  await page.keyboard.press("Control+k");
  await expect(page.getByLabel("Search notes")).toBeFocused();
  await page.keyboard.type("n");
  await expect(page.getByLabel("Search notes")).toHaveValue("n");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("n");
  await expect(title).toHaveValue("");
  await expect(title).toBeFocused();

  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("row")).toHaveCount(7);
  await expect(sheet).toContainText("Next note");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "shortcuts");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  await expect(sheet).toBeVisible();
});

test("a formatting button keeps the keys in the text: a K typed at once is text, not a shortcut", async ({
  page,
}) => {
  await signUp(page);
  await writeNote(page, "Alpha", "first");
  await writeNote(page, "Bravo", "second");
  await editor(page).click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  // Pressed and not yet released: the focus has not left the text.
  const bold = await page.getByRole("button", { name: "Bold" }).boundingBox();
  if (!bold) throw new Error("no Bold button");
  await page.mouse.move(bold.x + bold.width / 2, bold.y + bold.height / 2);
  await page.mouse.down();
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
    "Note text",
  );
  await page.mouse.up();
  await page.keyboard.type("Knead well");
  await expect(editor(page).locator("strong")).toHaveText("Knead well");
  await expect(page.getByLabel("Title")).toHaveValue("Bravo");
});
