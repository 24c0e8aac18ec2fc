// People open the app for what they wrote last. On a new device the first sync walks
// newest first, so the note written last is listed from the first page on, while the
// rest is still coming: here the later pages are held back until it is on screen. And
// a reload shows the list this device saved before the session's stores are read.

import { onCall } from "../fixtures/api-calls";
import { cachedNoteIds, holdKeyringRead, metaKeys } from "../fixtures/indexed-db";
import { editor, expectSynced, signIn } from "../fixtures/journeys";
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
  // Every page but a walk's first from the newest end waits (a batch carrying one among
  // its calls too): the pages that follow, and the walk from the oldest end.
  // What the feed was asked and what the server answered, said if the first page never
  // shows (once in CI, 2026-11-30: "0 note changes received" for 20 s).
  const calls: string[] = [];
  /** Every feed call's input, in the order asked. */
  const asked: Record<string, unknown>[] = [];
  await onCall(page, "notes.changes", async (route, _input, inputs) => {
    const hold = inputs.some((input) => input.pageToken || input.order !== "newest");
    calls.push(`${hold ? "held" : "passed"} ${JSON.stringify(inputs)}`);
    asked.push(...inputs);
    if (!hold) return route.fallback();
    held += 1;
    await released;
    await route.continue();
  });
  page.on("response", (response) => {
    if (response.status() >= 400)
      calls.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on("requestfailed", (request) =>
    calls.push(`failed ${new URL(request.url()).pathname}: ${request.failure()?.errorText}`),
  );

  await signIn(page, seeded.handle, seeded.password);
  const list = page.getByRole("region", { name: "Notes" });
  await expect(list.getByRole("button", { name: new RegExp(NEWEST_TITLE) }))
    .toBeVisible()
    .catch((error: Error) => {
      throw new Error(`${error.message}\nThe feed's calls:\n${calls.join("\n")}`);
    });
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
  // The feed was walked from its oldest end once: by the listing. Whether the account
  // shares notes (asked as no pins came) is read from that list, not from a walk of its
  // own, which had this page ride in the first page's batch (and doubled the listing's
  // work at 100,000 notes).
  await expectSynced(page);
  expect(
    asked.filter((input) => input.snapshots === "false" && !input.pageToken && !input.order),
  ).toHaveLength(1);
  // Every note is cached on the device: the second page's 110 were written a burst of
  // puts at a time in one transaction (note-cache.ts), each burst asked for while it
  // was still active.
  await expect.poll(async () => (await cachedNoteIds(page)).length).toBe(seeded.notes);
});

test("a note listed before its body came opens at once, without waiting for the sync", async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const seeded = await seedAccount(server.baseUrl, "ahead", 30);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The metadata pages pass; every page with bodies waits (a slow first sync).
  let heldBodies = 0;
  await onCall(page, "notes.changes", async (route, _input, inputs) => {
    if (!inputs.some((input) => input.snapshots === "true")) return route.fallback();
    heldBodies += 1;
    await released;
    await route.continue();
  });

  await signIn(page, seeded.handle, seeded.password);
  const list = page.getByRole("region", { name: "Notes" });
  // Listed from the first metadata page; its body is on a page still held.
  const row = list.getByRole("button", { name: new RegExp(NEWEST_TITLE) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => heldBodies).toBeGreaterThan(0);
  await row.click();
  // Read on its own (GET the note), judged as the sync would: its text is here while
  // every page of bodies is still held.
  await expect(editor(page)).toContainText(`note${seeded.notes - 1}`, { timeout: 10_000 });
  expect(heldBodies).toBeGreaterThan(0);
  release();
  await expect(list).toHaveAttribute("data-count", String(seeded.notes), { timeout: 30_000 });
  await expect(editor(page)).toContainText(`note${seeded.notes - 1}`);
});

test("a reload lists the saved notes before the keys are read; a note picked meanwhile opens after", async ({
  page,
  server,
}) => {
  const seeded = await seedAccount(server.baseUrl, "reloads", 5);
  await signIn(page, seeded.handle, seeded.password);
  const list = page.getByRole("region", { name: "Notes" });
  await expect(list).toHaveAttribute("data-count", String(seeded.notes), { timeout: 30_000 });
  await expect
    .poll(() => metaKeys(page), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(["listSnapshot", "syncToken"]));

  // The next load's read of the keyring (sealed in IndexedDB) waits until released.
  await holdKeyringRead(page);
  await page.reload();
  const row = list.getByRole("button", { name: new RegExp(NEWEST_TITLE) });
  await expect(row).toBeVisible();
  await expect(list).toHaveAttribute("data-count", String(seeded.notes));
  await expect(page.getByTestId("sync-status")).toHaveText("Opening…");
  // Picked before the keys are read: no note is opened without them.
  await row.click();
  await expect(page).toHaveURL(/\?note=/);
  await expect(page.getByText("Opening…", { exact: true }).last()).toBeVisible();
  await expect(editor(page)).toHaveCount(0);

  await page.evaluate(() => (window as unknown as { releaseKeyring(): void }).releaseKeyring());
  await expect(editor(page)).toContainText(`note${seeded.notes - 1}`, { timeout: 10_000 });
  await expectSynced(page);
});
