// A new recovery code from Settings: after closing the tab on the sign-up code
// step, the app keeps reminding until a code is confirmed saved. The new code
// recovers the account; the old one no longer does.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { newHandle } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

test("replace an unsaved recovery code from Settings, then recover with it", async ({
  page,
  secondDevice,
}) => {
  const handle = newHandle();
  const password = "a long enough password";
  await page.goto("/signup");
  // The rule is stated, and a short password is answered in the app's own words.
  await expect(page.getByText("At least 10 characters.")).toBeVisible();
  await page.getByLabel("Handle").fill(handle);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await expect(page.getByTestId("password-strength")).toContainText(/weak/i);
  await page.getByLabel("Repeat password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(/characters it needs/)).toHaveText(
    "Your password has 5 of the 10 characters it needs.",
  );
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  const first = page.getByTestId("recovery-code");
  await expect(first).toBeVisible({ timeout: 20_000 });
  const oldCode = (await first.textContent())?.trim() ?? "";

  // Leave without confirming: the reminder waits in the app.
  await page.goto("/notes");
  const reminder = page.getByText("You have not confirmed that you saved your recovery code.");
  await expect(reminder).toBeVisible({ timeout: 20_000 });
  await page.getByRole("link", { name: "Make a new recovery code" }).click();
  await expect(page.getByRole("heading", { name: "Recovery code" })).toBeVisible();
  await page.getByLabel("Your password").fill("not my password");
  await page.getByRole("button", { name: "Make a new recovery code" }).click();
  await expect(page.getByText("That password is not right.")).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Make a new recovery code" }).click();
  const fresh = page.getByTestId("recovery-code");
  await expect(fresh).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);
  const newCode = (await fresh.textContent())?.trim() ?? "";
  expect(newCode).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
  expect(newCode).not.toBe(oldCode);
  // Every group of four sits on one line.
  const wrapped = await fresh
    .locator(".code-group")
    .evaluateAll((groups) => groups.some((g) => g.getClientRects().length > 1));
  expect(wrapped).toBe(false);
  await page.getByLabel("I have saved my recovery code").check();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("New recovery code saved.")).toBeVisible();
  await page.getByRole("link", { name: "Notes" }).click();
  await expect(reminder).toHaveCount(0);

  const other = secondDevice.page;
  await other.goto("/recover");
  await other.getByLabel("Handle or e-mail").fill(handle);
  await other.getByLabel("Recovery code").fill(oldCode);
  await other.getByLabel("New password", { exact: true }).fill("yet another password");
  await other.getByLabel("Repeat new password").fill("yet another password");
  await other.getByRole("button", { name: "Recover and sign in" }).click();
  await expect(other.getByText(/not right/)).toBeVisible({ timeout: 20_000 });
  await other.getByLabel("Recovery code").fill(newCode);
  await other.getByRole("button", { name: "Recover and sign in" }).click();
  await expect(other).toHaveURL(/\/notes/, { timeout: 20_000 });
});
