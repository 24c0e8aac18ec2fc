// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Onboarding: sign up (the recovery code is shown once and confirmed), write a note,
// reload: the note is still there, decrypted from this browser's vault.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { editor, expectSynced, openNote, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test("sign up, write a note, reload: it is still there", async ({ page }) => {
  await page.goto("/signup");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "sign-up");
  await signUp(page);
  await expectNoSeriousA11yViolations(page);

  await writeNote(page, "Groceries", "Oat milk and bread");
  await page.getByLabel("Add tag").fill("home");
  await page.keyboard.press("Enter");
  await expectSynced(page);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "notes");

  await page.reload();
  await openNote(page, "Groceries");
  await expect(editor(page)).toContainText("Oat milk and bread");
  await expect(page.getByRole("button", { name: /Groceries/ })).toContainText("#home");
});

test("the recovery code must be confirmed before going on", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Handle").fill(`e2e_${Date.now().toString(36)}`);
  await page.getByLabel("Password", { exact: true }).fill("a long password");
  await page.getByLabel("Repeat password").fill("a long password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("recovery-code")).toHaveText(/^[A-Z2-7-]{20,}$/, {
    timeout: 20_000,
  });
  const go = page.getByRole("button", { name: "Continue to my notes" });
  await expect(go).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "recovery-code");
  await page.getByLabel("I have saved my recovery code").check();
  await expect(go).toBeEnabled();
});

test("search filters the list by title and tag as you type", async ({ page }) => {
  await signUp(page);
  await writeNote(page, "Apple pie", "Recipe");
  await page.getByLabel("Add tag").fill("baking");
  await page.keyboard.press("Enter");
  await writeNote(page, "Bike repair", "Chain");
  const list = page.getByRole("region", { name: "Notes" });
  await page.locator("body").click({ position: { x: 5, y: 400 } });
  await page.keyboard.press("/");
  await expect(page.getByLabel("Search notes")).toBeFocused();
  await page.keyboard.type("bak");
  await expect(list.getByRole("listitem")).toHaveText([/Apple pie/]);
  await page.getByLabel("Search notes").fill("bike");
  await expect(list.getByRole("listitem")).toHaveText([/Bike repair/]);
  await page.getByLabel("Search notes").fill("nothing like this");
  await expect(list.getByText("No match.")).toBeVisible();
});
