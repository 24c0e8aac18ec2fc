// Account settings: e-mail with verification by the mailed link (then discoverable),
// a handle change, the storage meter, and ending another device's session; a device
// linked from settings joins the list of signed-in devices without a reload.
import { randomBytes } from "node:crypto";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { linkNewDevice } from "../fixtures/device-link";
import { signIn, signUp, writeNote } from "../fixtures/journeys";
import { mailsTo } from "../fixtures/mail-outbox";
import { expect, test } from "../fixtures/test";

test("verify an e-mail by its link, become discoverable, rename, revoke a device", async ({
  page,
  request,
  secondDevice,
}) => {
  const person = await signUp(page);
  await writeNote(page, "Storage", "Counted against the plan");
  await signIn(secondDevice.page, person.handle, person.password);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByText(/used by 1 note — free plan/)).toBeVisible();

  const address = `${person.handle}@example.test`;
  await page.getByLabel("E-mail", { exact: true }).fill(address);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  const discoverable = page.getByLabel(/Let people who know my e-mail find me/);
  await expect(discoverable).toBeDisabled();
  await page.getByRole("button", { name: "Send verification e-mail" }).click();
  await expect(page.getByText("We sent a verification code")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const [mail] = await mailsTo(request, address);
  const link = mail?.body.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
  expect(link, "the mail carries a verification link").toBeTruthy();
  await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
  await expect(page.getByText(`${address} is verified.`)).toBeVisible();
  await page.getByRole("link", { name: "Back to settings" }).click();
  await discoverable.check();
  // Said once the server has it (a reload at once could come first, and did in CI).
  await expect(page.getByText("Saved: people who know your e-mail can find you.")).toBeVisible();
  await expect(page.locator(".form-error")).toHaveCount(0);
  await page.reload();
  await expect(discoverable).toBeChecked();

  const newHandle = `renamed_${randomBytes(4).toString("hex")}`;
  await page.getByLabel("Handle", { exact: true }).fill(newHandle);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(newHandle);

  // Two sessions listed; ending the other one signs that device out.
  const others = page.locator("ul.sessions li").filter({ hasNot: page.getByText("(this device)") });
  await expect(page.locator("ul.sessions li")).toHaveCount(2);
  await others.getByRole("button", { name: /^Sign out / }).click();
  await expect(page.locator("ul.sessions li")).toHaveCount(1);
  await expect(secondDevice.page.getByText("Your session ended on this device")).toBeVisible({
    timeout: 20_000,
  });
});

test("a device linked from settings is listed at once, without a reload", async ({
  page,
  secondDevice,
}) => {
  await signUp(page);
  let loads = 0;
  page.on("load", () => loads++);
  // Opens settings (the one page load), links the other context, which lands on its notes.
  await linkNewDevice(page, secondDevice.page);
  const devices = page.locator("ul.sessions li");
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasNot: page.getByText("(this device)") })).toHaveCount(1);
  expect(loads).toBe(1);
});
