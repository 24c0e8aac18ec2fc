// At 390 px wide (a phone) the list and the open note are two screens: picking a note
// shows it alone, "All notes" goes back; the list shows each note's date.
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
  // The note's actions and the toolbar wrap within the screen: none is cut off.
  for (const name of ["Pin", "Share", "History", "Code", "Move to trash"]) {
    const box = await page.getByRole("button", { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(390);
  }
  await saveScreenshot(page, "mobile-note");
  await back.click();
  await expect(list).toBeVisible();
});
