// Recovery: with only the recovery code, a person sets a new password and gets their
// notes back on a fresh device (the code typed as people do, the form whole on a desk
// and a phone in both themes); the old password no longer works. When keys cannot
// be opened at sign-in, the page says which and points at the recovery code.
import { rewriteAnswers } from "../fixtures/api-calls";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { editor, openNote, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";
import { deskAndPhoneInBothThemes, expectFitsWidth } from "../fixtures/widths";

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
  // Typed as people do: lower case, spaces for hyphens, 0 for O and 1 for I.
  const typed = person.recoveryCode
    .replaceAll("O", "0")
    .replaceAll("I", "1")
    .replaceAll("-", " ")
    .toLowerCase();
  await fresh.getByLabel("Recovery code").fill(typed);
  // The field shows the whole code, nothing scrolled out of sight, and the form fits:
  // on a desk and on a phone, in both themes, axe-clean.
  const field = fresh.getByLabel("Recovery code");
  for await (const { width, where } of deskAndPhoneInBothThemes(fresh)) {
    expect(
      await field.evaluate(
        (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
      ),
      where,
    ).toBe(true);
    await expect(fresh.getByLabel("Repeat new password"), where).toBeVisible();
    await expectFitsWidth(fresh, width, where);
    await expectNoSeriousA11yViolations(fresh);
  }
  await fresh.setViewportSize({ width: 1280, height: 800 });
  await fresh.emulateMedia({ colorScheme: "light" });
  await fresh.getByLabel("New password", { exact: true }).fill("a brand new password");
  await fresh.getByRole("button", { name: "Recover and sign in" }).click();
  await expect(fresh.getByText("The two passwords differ")).toBeVisible();
  await fresh.getByLabel("Repeat new password").fill("a brand new password");
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
  await page.getByLabel("New password", { exact: true }).fill("a brand new password");
  await page.getByLabel("Repeat new password").fill("a brand new password");
  await page.getByRole("button", { name: "Recover and sign in" }).click();
  await expect(page.getByText(/recovery code is not valid/)).toBeVisible();
});

test("keys that cannot be opened at sign-in say what failed and what to do", async ({ page }) => {
  const person = await signUp(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  const signIn = async () => {
    await page.getByLabel("Handle or e-mail").fill(person.handle);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  };

  // A server asking for password hashing below the floor: refused before hashing.
  const weak = await rewriteAnswers(page, "accounts.lookupAuthParams", (body) => ({
    ...body,
    kdfIterations: 1000,
  }));
  await signIn();
  // In the page's own content: Next's route announcer is an (empty) alert too.
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("weaker password protection");
  await weak();

  // The master key, wrapped under the password, altered on its way: it cannot open.
  await rewriteAnswers(page, "sessions.signIn", (body) => {
    const wrapped = Buffer.from(body.keys.wrappedMasterKey, "base64");
    wrapped[wrapped.length - 1] = (wrapped[wrapped.length - 1] ?? 0) ^ 1;
    return { ...body, keys: { ...body.keys, wrappedMasterKey: wrapped.toString("base64") } };
  });
  await signIn();
  await expect(alert).toContainText(
    "Your password was accepted, but the keys to your notes could not be opened",
  );
  await expect(alert).toContainText("recovery code");
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await expect(page).toHaveURL(/\/signin/);
});
