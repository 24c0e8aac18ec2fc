// Offline-first: with the network gone the app still opens (offline shell + the
// ciphertext cache) and takes edits, which wait in the outbox and reach the server,
// and the other device, once the network returns.

import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import {
  editor,
  expectSynced,
  openNote,
  signIn,
  signUp,
  syncNow,
  writeNote,
} from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";
import { deskAndPhoneInBothThemes, expectFitsWidth } from "../fixtures/widths";

test("edit offline, reload offline, reconnect: the edit syncs", async ({
  page,
  context,
  secondDevice,
}) => {
  const person = await signUp(page);
  await writeNote(page, "Packing list", "Tent");
  await chooseTheme(page, "Dark");
  // The offline shell is installed by the service worker on the first visit; the
  // reload keeps the notes page as rendered now, in the dark theme.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await chooseTheme(page, "Light");
  await openNote(page, "Packing list");

  await context.setOffline(true);
  await editor(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(", stove");
  await expect(page.getByTestId("sync-status")).toHaveText(/Offline — \d+ changes? saved here/, {
    timeout: 15_000,
  });
  // Offline is said once: no "Live" beside it, whatever the socket still believes.
  await expect(page.getByTestId("feed-status")).toHaveCount(0);

  // A note can be started offline too: its creation waits in the outbox as well.
  const before = savedHere(await page.getByTestId("sync-status").textContent());
  // Opening the new note changes the URL without loading a page: offline, a page load
  // (Next's router falling back when it cannot fetch the page) lost the title typed.
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  await page.getByRole("button", { name: "New note" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await page.getByLabel("Title").fill("Written offline");
  await editor(page).click();
  await page.keyboard.type("No signal here");
  // Saved once the outbox holds the creation and the edit too (count, not timing).
  await expect
    .poll(async () => savedHere(await page.getByTestId("sync-status").textContent()))
    .toBeGreaterThanOrEqual(before + 2);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(page).toHaveURL(/\/notes\?note=/);

  // Still offline: the app opens from the shell and the vault, edits included, in the
  // theme chosen last (light), not the one of the kept page (dark).
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    "rgb(251, 251, 250)",
  );
  await openNote(page, "Packing list");
  await expect(editor(page)).toContainText("Tent, stove");
  await openNote(page, "Written offline");
  await expect(editor(page)).toContainText("No signal here");

  await context.setOffline(false);
  await syncNow(page);
  await expectSynced(page);

  const other = secondDevice.page;
  await signIn(other, person.handle, person.password);
  await openNote(other, "Packing list");
  await syncNow(other);
  await expect(editor(other)).toContainText("Tent, stove");
  await openNote(other, "Written offline");
  await expect(editor(other)).toContainText("No signal here");
});

/** Settings → Account → Appearance, then back to the notes. */
async function chooseTheme(page: Page, name: "Light" | "Dark") {
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByRole("radio", { name }).check();
  await page.getByRole("link", { name: "Notes" }).click();
  await expect(page.getByRole("button", { name: "New note" })).toBeVisible();
}

/** The number of changes the status line says wait in this browser (0 while saving). */
function savedHere(status: string | null): number {
  return Number(status?.match(/^Offline — (\d+) changes? saved here$/)?.[1] ?? 0);
}

test("offline, the header says so once, on a desk and a phone in both themes", async ({
  page,
  context,
}) => {
  await signUp(page);
  await writeNote(page, "Shopping", "Bread");
  await expectSynced(page);
  await context.setOffline(true);
  await editor(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(", milk");
  const status = page.getByTestId("sync-status");
  for await (const { width, where } of deskAndPhoneInBothThemes(page)) {
    await expect(status, where).toHaveText(/^Offline — \d+ changes? saved here$/, {
      timeout: 15_000,
    });
    await expect(status, where).toBeVisible();
    await expect(page.getByTestId("feed-status"), where).toHaveCount(0);
    await expect(page.getByText("Live", { exact: false }).filter({ hasText: /●/ })).toHaveCount(0);
    await expectFitsWidth(page, width, where);
    await expectNoSeriousA11yViolations(page);
  }
  await context.setOffline(false);
  await syncNow(page);
  await expectSynced(page);
});
