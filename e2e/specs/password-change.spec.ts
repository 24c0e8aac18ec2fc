// Password change in settings: the master key is re-wrapped locally, and every other
// session ends, so the other device is asked to sign in again.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { signIn, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test("changing the password signs the other device out", async ({ page, secondDevice }) => {
  const person = await signUp(page);
  await writeNote(page, "Ideas", "A garden shed");
  const other = secondDevice.page;
  await signIn(other, person.handle, person.password);

  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Signed-in devices" })).toBeVisible();
  await expect(page.getByText("(this device)")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "settings");

  await page.getByLabel("Current password").fill(person.password);
  await page.getByLabel("New password", { exact: true }).fill("another long password");
  await page.getByLabel("Repeat new password").fill("another long password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed.")).toBeVisible({ timeout: 20_000 });

  // The other device learns on its next request (sync runs every few seconds).
  await expect(other.getByText("Your session ended on this device")).toBeVisible({
    timeout: 20_000,
  });
  await signIn(other, person.handle, "another long password");
  await expect(other.getByRole("button", { name: /Ideas/ })).toBeVisible();
});
