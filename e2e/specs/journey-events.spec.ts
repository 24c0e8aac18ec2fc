// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// The app records the journeys it covers (onboard, sync, organise, export) as
// anonymous day counters, start and complete.
import { journeyCounts } from "../fixtures/journey-counts";
import { expectSynced, signUp, writeNote } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

test("onboard, sync, organise and export are counted", async ({ page, request }) => {
  const before = await journeyCounts(request);
  await signUp(page);
  await writeNote(page, "Counted", "One");
  await page.getByLabel("Add tag").fill("work");
  await page.keyboard.press("Enter");
  await expectSynced(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all as Markdown" }).click();
  await downloading;
  const expected = [
    "onboard:start",
    "onboard:complete",
    "sync:start",
    "sync:complete",
    "organise:complete",
    "export:start",
    "export:complete",
  ];
  await expect
    .poll(async () => {
      const after = await journeyCounts(request);
      return expected.filter((k) => (after.get(k) ?? 0) <= (before.get(k) ?? 0));
    })
    .toEqual([]);
});
