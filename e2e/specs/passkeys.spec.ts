// Passkeys in the browser with Chromium's virtual authenticator: the offer after
// sign-up adds one, settings list it, and after signing out the passkey alone (its
// PRF output) unlocks the notes. "Never" withdraws the offer for good; an
// authenticator without PRF gets a clear message and nothing is enrolled. A device
// with no passkey for this site says so and offers the password.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { editor, expectSynced, openNote, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";
import { addVirtualAuthenticator } from "../fixtures/virtual-authenticator";

test("a passkey added after sign-up unlocks the notes after signing out", async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  const person = await signUp(page);
  await writeNote(page, "Passkey note", "Opened without a password");

  const offer = page.getByRole("region", { name: "Sign in faster with a passkey?" });
  await expect(offer).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "passkey-offer");
  await offer.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible({ timeout: 20_000 });
  expect(await authenticator.count()).toBe(1);

  await page.getByRole("link", { name: "Settings" }).click();
  const list = page.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("not used yet");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "passkeys-settings");

  await page.getByRole("link", { name: "Notes" }).first().click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "passkey-sign-in");
  // The handle field stays empty: a discoverable credential names the account.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/notes/, { timeout: 20_000 });
  await expect(page.getByText(person.handle)).toBeVisible();
  await openNote(page, "Passkey note");
  await expect(editor(page)).toContainText("Opened without a password");
  // The offer is not made again once a passkey is enrolled.
  await expect(page.getByRole("region", { name: "Sign in faster with a passkey?" })).toHaveCount(0);

  await page.getByRole("link", { name: "Settings" }).click();
  await expect(list).toContainText("last used");
  await list.getByRole("button", { name: /Delete passkey/ }).click();
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
});

test("a passkey named by handle signs in where the device does not know it", async ({ page }) => {
  await addVirtualAuthenticator(page);
  const person = await signUp(page);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  // Forget which account the passkey belongs to, as a fresh browser profile would.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("does not know which account")).toBeVisible();
  await page.getByLabel("Handle or e-mail").fill(person.handle);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/notes/, { timeout: 20_000 });
});

test("“Never” withdraws the offer; without PRF nothing is enrolled", async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page, { prf: false });
  await signUp(page);
  const offer = page.getByRole("region", { name: "Sign in faster with a passkey?" });
  await offer.getByRole("button", { name: "Add a passkey" }).click();
  await expect(offer.getByRole("alert")).toContainText("lacks the PRF extension");
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
  expect(await authenticator.count()).toBeLessThanOrEqual(1);

  await page.getByRole("link", { name: "Notes" }).first().click();
  await page.getByRole("button", { name: "Never" }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "New note" })).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test("a device with no passkey for this site says so and offers the password", async ({ page }) => {
  const person = await signUp(page);
  await expectSynced(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  // An authenticator that holds no passkey at all: nothing for this site here.
  const authenticator = await addVirtualAuthenticator(page);
  expect(await authenticator.count()).toBe(0);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  // In the page's own content: Next's route announcer is an (empty) alert too.
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    /^No passkey for this site was found on this device/,
    { timeout: 20_000 },
  );
  await expect(page.getByText("The passkey prompt was closed or timed out")).toHaveCount(0);
  await page.getByRole("button", { name: "Use my password" }).click();
  await expect(page.getByLabel("Handle or e-mail")).toBeFocused();
  await page.keyboard.type(person.handle);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/notes/, { timeout: 20_000 });
});
