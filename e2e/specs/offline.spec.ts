// Offline-first: with the network gone the app still opens (offline shell + the
// ciphertext cache) and takes edits, which wait in the outbox and reach the server,
// and the other device, once the network returns.
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

test("edit offline, reload offline, reconnect: the edit syncs", async ({
  page,
  context,
  secondDevice,
}) => {
  const person = await signUp(page);
  await writeNote(page, "Packing list", "Tent");
  // The offline shell is installed by the service worker on the first visit.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await openNote(page, "Packing list");

  await context.setOffline(true);
  await editor(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(", stove");
  await expect(page.getByTestId("sync-status")).toHaveText(/Offline — \d+ change\(s\) saved here/, {
    timeout: 15_000,
  });

  // Still offline: the app opens from the shell and the vault, edit included.
  await page.reload();
  await openNote(page, "Packing list");
  await expect(editor(page)).toContainText("Tent, stove");

  await context.setOffline(false);
  await syncNow(page);
  await expectSynced(page);

  const other = secondDevice.page;
  await signIn(other, person.handle, person.password);
  await openNote(other, "Packing list");
  await syncNow(other);
  await expect(editor(other)).toContainText("Tent, stove");
});
