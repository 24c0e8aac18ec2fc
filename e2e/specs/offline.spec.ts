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
  await expect(page.getByTestId("sync-status")).toHaveText(/Offline — \d+ changes? saved here/, {
    timeout: 15_000,
  });

  // A note can be started offline too: its creation waits in the outbox as well.
  const before = savedHere(await page.getByTestId("sync-status").textContent());
  await page.getByRole("button", { name: "New note" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await page.getByLabel("Title").fill("Written offline");
  await editor(page).click();
  await page.keyboard.type("No signal here");
  // Saved once the outbox holds the creation and the edit too (count, not timing).
  await expect
    .poll(async () => savedHere(await page.getByTestId("sync-status").textContent()))
    .toBeGreaterThanOrEqual(before + 2);

  // Still offline: the app opens from the shell and the vault, edits included.
  await page.reload();
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

/** The number of changes the status line says wait in this browser (0 while saving). */
function savedHere(status: string | null): number {
  return Number(status?.match(/^Offline — (\d+) changes? saved here$/)?.[1] ?? 0);
}
