// Recovery: with only the recovery code, a person sets a new password and gets their
// notes back on a fresh device; the old password no longer works.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { editor, openNote, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test("recover with the code on a new device, then sign in with the new password", async ({
  page,
  secondDevice,
}) => {
  const person = await signUp(page);
  await writeNote(page, "Passport number", "Kept in the blue folder");

  const fresh = secondDevice.page;
  await fresh.goto("/recover");
  await expectNoSeriousA11yViolations(fresh);
  await saveScreenshot(fresh, "recover");
  await fresh.getByLabel("Handle or e-mail").fill(person.handle);
  await fresh.getByLabel("Recovery code").fill(person.recoveryCode.toLowerCase());
  await fresh.getByLabel("New password").fill("a brand new password");
  await fresh.getByRole("button", { name: "Recover and sign in" }).click();
  await expect(fresh).toHaveURL(/\/notes/, { timeout: 20_000 });
  await openNote(fresh, "Passport number");
  await expect(editor(fresh)).toContainText("Kept in the blue folder");

  // The first device's session ended with the recovery.
  await page.reload();
  await expect(page.getByText("Your session ended on this device")).toBeVisible({
    timeout: 20_000,
  });
  await page.getByLabel("Handle or e-mail").fill(person.handle);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText(/handle, e-mail or password is not right/)).toBeVisible();
});

test("a wrong recovery code is refused readably", async ({ page }) => {
  const person = await signUp(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/recover");
  await page.getByLabel("Handle or e-mail").fill(person.handle);
  await page.getByLabel("Recovery code").fill("not a code");
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Recover and sign in" }).click();
  await expect(page.getByText(/recovery code is not valid/)).toBeVisible();
});
