// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Two tabs of one browser share its IndexedDB: the sealed notes cache and the list
// snapshot a reload shows first (list-snapshot.ts). Each tab saves the list it knows.
// A tab that never heard of a note the other tab made (offline: no server to echo it)
// must not store a list that says it covers that note, or a reload leaves the note out
// of the list for good (list-saver.ts).
import { editor, expectSynced, signUp, writeNote } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

/** A list snapshot covers the notes cached up to 10 s before its list was brought level. */
const PAST_THE_MARGIN_MS = 12_000;

test("a note made offline in one tab is still listed after a reload of the other", async ({
  page,
  context,
}) => {
  await signUp(page);
  await writeNote(page, "Made online", "Both tabs know this one.");
  await expectSynced(page);
  const other = await context.newPage();
  await other.goto("/notes");
  await expect(other.getByRole("button", { name: /Made online/ })).toBeVisible();
  // The offline shell, for the reload below.
  await other.evaluate(() => navigator.serviceWorker.ready);

  await context.setOffline(true);
  await page.getByRole("button", { name: "New note" }).click();
  await page.getByLabel("Title").fill("Made offline in the first tab");
  await editor(page).click();
  await page.keyboard.type("Only this browser has it.");
  await expect(page.getByTestId("sync-status")).toHaveText(/Offline — [2-9] changes saved here/);

  // Later than the list's margin, the other tab (which never heard of that note) makes
  // one of its own and stores its list once the person pauses.
  await other.waitForTimeout(PAST_THE_MARGIN_MS);
  const storedBefore = await other.evaluate(storedListTag);
  await other.getByRole("button", { name: "New note" }).click();
  await other.getByLabel("Title").fill("Made offline in the second tab");
  await expect(other.getByRole("button", { name: /Made offline in the second tab/ })).toBeVisible();
  await other.getByRole("button", { name: "Export all as Markdown" }).focus();
  await expect
    .poll(() => other.evaluate(storedListTag), { timeout: 20_000 })
    .not.toBe(storedBefore);

  await other.reload();
  const list = other.getByRole("list", { name: "Notes" });
  for (const title of [
    "Made online",
    "Made offline in the first tab",
    "Made offline in the second tab",
  ])
    await expect(list.getByRole("button", { name: new RegExp(title) })).toBeVisible();
});

/** Which tab's save stored the list snapshot last (list-saver.ts LIST_TAG_KEY). */
function storedListTag(): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open("notes-vault");
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const read = opening.result.transaction("meta").objectStore("meta").get("listSnapshotTag");
      read.onsuccess = () => resolve(read.result as string | undefined);
      read.onerror = () => reject(read.error);
    };
  });
}
