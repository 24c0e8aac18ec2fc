// People open the app for what they wrote last. On a new device the first sync walks
// newest first, so the note written last is listed from the first page on, while the
// rest is still coming: here the later pages are held back until it is on screen.

import { onCall } from "../fixtures/api-calls";
import { signIn } from "../fixtures/journeys";
import { NEWEST_TITLE, seedAccount } from "../fixtures/seed";
import { expect, test } from "../fixtures/test";

test("the newest note is listed before the first sync completes", async ({ page, server }) => {
  test.setTimeout(120_000);
  const seeded = await seedAccount(server.baseUrl, "newest", 150);
  let held = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Every page after the first waits.
  await onCall(page, "notes.changes", async (route, input) => {
    if (!input.pageToken) return route.fallback();
    held += 1;
    await released;
    await route.continue();
  });

  await signIn(page, seeded.handle, seeded.password);
  const list = page.getByRole("region", { name: "Notes" });
  await expect(list.getByRole("button", { name: new RegExp(NEWEST_TITLE) })).toBeVisible();
  // The next page is asked for (and held) once the first is stored, which may be a
  // moment after the first page shows: wait for the ask, not for a race.
  await expect.poll(() => held).toBeGreaterThan(0);

  // Only the first page is here: the oldest note is not.
  expect(Number(await list.getAttribute("data-count"))).toBeLessThan(seeded.notes);
  // Search works on what is here, and says the answer may grow.
  await page.getByLabel("Search notes").fill("written last");
  const status = list.getByRole("status").filter({ hasText: "match" });
  await expect(status).toHaveText("1 match so far: notes are still arriving.");

  release();
  await expect(list).toHaveAttribute("data-count", String(seeded.notes), { timeout: 30_000 });
  await expect(status).toHaveText("1 match");
});
