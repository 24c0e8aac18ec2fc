// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Light and dark: the theme follows the system until Settings → Appearance picks one
// for this device; the pick survives a reload (rendered by the server, no flash); both
// themes pass axe (contrast included) on the notes screen, an open menu and Settings.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { editor, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

const theme = (page: import("@playwright/test").Page) =>
  page.evaluate(() => ({
    attribute: document.documentElement.dataset.theme ?? null,
    background: getComputedStyle(document.body).backgroundColor,
  }));

test("the dark theme follows the system, or the device's choice, and passes axe", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await signUp(page);
  await writeNote(page, "Evening list", "Water the plants");
  await editor(page).press("End");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Checklist" }).click();
  await page.keyboard.type("Call Ana");
  const systemDark = await theme(page);
  expect(systemDark.attribute).toBeNull();
  expect(systemDark.background).toBe("rgb(21, 23, 26)");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "More actions" }).click();
  await expect(page.getByRole("menuitem", { name: "History" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "notes-dark");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "More actions" })).toBeFocused();

  // Light on a dark system, chosen for this device: kept across a reload.
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByRole("radio", { name: "Light" }).check();
  expect((await theme(page)).attribute).toBe("light");
  await page.reload();
  await expect(page.getByRole("radio", { name: "Light" })).toBeChecked();
  expect(await theme(page)).toEqual({ attribute: "light", background: "rgb(251, 251, 250)" });
  await expectNoSeriousA11yViolations(page);

  // Dark chosen on a light system; then back to the system's.
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByRole("radio", { name: "Dark" }).check();
  expect(await theme(page)).toEqual({ attribute: "dark", background: "rgb(21, 23, 26)" });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "settings-dark");
  await page.getByRole("radio", { name: "Same as this device's setting" }).check();
  await page.reload();
  expect(await theme(page)).toEqual({ attribute: null, background: "rgb(251, 251, 250)" });
});
