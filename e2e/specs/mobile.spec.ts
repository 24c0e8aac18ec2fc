// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// At 390 px wide (a phone) the list and the open note are two screens: picking a note
// shows it alone, "All notes" goes back; the list shows each note's date. Both
// screens pass axe in both themes.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test.use({ viewport: { width: 390, height: 844 } });

test("list and note are two screens on a phone", async ({ page }) => {
  await signUp(page);
  await writeNote(page, "Packing list", "passport, charger");
  const list = page.getByRole("region", { name: "Notes" });
  const back = page.getByRole("button", { name: "← All notes" });
  await expect(list).toBeHidden();
  await expect(page.getByLabel("Title")).toBeVisible();
  await back.click();
  await expect(list).toBeVisible();
  await expect(page.getByLabel("Title")).toBeHidden();
  const row = list.getByRole("button", { name: /Packing list/ });
  await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expect(row.locator("time")).toHaveText(/\d/);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "mobile-list");
  // Nothing overflows sideways.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(390);

  await row.click();
  await expect(page.getByLabel("Title")).toHaveValue("Packing list");
  await expect(page.getByRole("textbox", { name: "Note text" })).toHaveText("passport, charger");
  await expect(list).toBeHidden();
  await expectNoSeriousA11yViolations(page);
  // The note's actions and the toolbar fit the screen on one row each: none is cut off.
  const inScreen = async (name: string, role: "button" | "menuitem" = "button") => {
    const box = await page.getByRole(role, { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(390);
    return box;
  };
  for (const name of ["Pin", "Share", "More actions"]) await inScreen(name);
  const formats = [
    "Bold",
    "Italic",
    "Heading",
    "Quote",
    "Code",
    "Bullets",
    "Numbered",
    "Checklist",
  ];
  const tops = new Set<number>();
  for (const name of formats) tops.add(Math.round((await inScreen(name))?.y ?? -1));
  expect(tops.size, "the toolbar is one row").toBe(1);
  await page.getByRole("button", { name: "More actions" }).click();
  for (const name of ["History", "Export this note", "Move to trash"])
    await inScreen(name, "menuitem");
  await page.keyboard.press("Escape");
  await saveScreenshot(page, "mobile-note");
  await back.click();
  await expect(list).toBeVisible();

  // The same two screens in the dark theme.
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "mobile-list-dark");
  await row.click();
  await expect(page.getByLabel("Title")).toHaveValue("Packing list");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "mobile-note-dark");
});
