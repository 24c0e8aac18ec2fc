// e2e: database-independent
// The app lock (issue 38): Settings picks an idle time and "Lock now" locks at once;
// locked, the screen shows no title or text, no worker runs, and the page's heap holds
// neither the master key nor the note's content key: fixtures/heap-search.ts reads
// every typed array and buffer a V8 heap snapshot lists (and says which it could not),
// and every string, concatenated ones put together; no key bytes, no key as text, no
// title, no text. The same search finds all of them before locking: it can see. The
// password unlocks it offline (the server is never asked); a wrong one is refused; a
// passkey of this device unlocks it offline too. Axe-clean in both themes, on a desk
// and on a phone.
import { createApiClient, SyncEngine, signIn } from "@notes/client";
import type { Page } from "@playwright/test";
import { chromiumLaunch } from "../chromium-launch";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { HEAP_SNAPSHOT_FLAGS, searchHeap } from "../fixtures/heap-search";
import { editor, expectSynced, openNote, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";
import { addVirtualAuthenticator } from "../fixtures/virtual-authenticator";

/** Every text form a key could take in a string of the heap. */
const textForms = (key: Uint8Array) => [
  Buffer.from(key).toString("base64"),
  Buffer.from(key).toString("base64url"),
  Buffer.from(key).toString("hex"),
];

// Strings of any length whole in the heap snapshot (V8 cuts them at 1,024 characters).
test.use({
  launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, HEAP_SNAPSHOT_FLAGS] },
});

async function lockNow(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Lock now" }).first().click();
  await expect(page.getByRole("heading", { name: "Notes is locked" })).toBeVisible({
    timeout: 20_000,
  });
}

test("lock hides the notes and drops every key; the password unlocks it offline", async ({
  page,
  context,
  server,
}) => {
  // Two heap searches (a snapshot each, parsed here) take a while on a busy machine.
  test.setTimeout(240_000);
  await addVirtualAuthenticator(page);
  const person = await signUp(page);
  // A passkey on this device: it unlocks the lock too (a local assertion, offline).
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible({ timeout: 20_000 });
  const title = "Moonlight sonata notes";
  await writeNote(page, title, "Third movement, bar 42");
  await expectSynced(page);

  // The keys to look for: the account's master key and the note's content key.
  const api = createApiClient({ baseUrl: server.baseUrl });
  const sdk = await signIn(api, { identifier: person.handle, password: person.password });
  const engine = new SyncEngine(api, sdk);
  await engine.syncOnce();
  const note = [...engine.held()].find((n) => n.metadata.title === title);
  expect(note).toBeDefined();
  const keys = [sdk.masterKey, note?.cek ?? new Uint8Array()];

  // Settings: an idle time for this device, kept across reloads.
  await page.getByRole("link", { name: "Settings" }).click();
  const lock = page.getByRole("region", { name: "App lock" });
  await lock.getByRole("radio", { name: "After 5 minutes without use" }).check();
  await page.reload();
  await expect(lock.getByRole("radio", { name: "After 5 minutes without use" })).toBeChecked();
  await page.getByRole("link", { name: "Notes" }).first().click();
  await openNote(page, title);

  // The search can see: before locking, the tab holds both keys, the title and the
  // text (typed key by key, so held by the editor and Y.js in pieces put together), and
  // nothing in the heap is left unread.
  const text = "Third movement";
  const keyForms = keys.flatMap(textForms);
  let cdp = await context.newCDPSession(page);
  const before = await searchHeap(cdp, { bytes: keys, texts: [title, text] });
  expect(before.unread).toEqual([]);
  expect(before.bytes).toEqual([true, true]);
  expect(before.texts).toEqual([true, true]);

  await lockNow(page);
  await expect(page.getByText(title)).toHaveCount(0);
  await expect(page.getByText(text)).toHaveCount(0);
  expect(await page.content()).not.toContain(title);

  // Locked: no worker runs (each has a heap of its own), and the page's heap, read
  // whole, holds no key bytes, no title, no text and no key as text.
  expect(page.workers()).toEqual([]);
  cdp = await context.newCDPSession(page);
  const after = await searchHeap(cdp, { bytes: keys, texts: [title, text, ...keyForms] });
  expect(after.unread).toEqual([]);
  expect(after.bytes).toEqual([false, false]);
  expect(after.texts).toEqual([title, text, ...keyForms].map(() => false));
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "lock-screen");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "lock-screen-dark");

  // A reload stays locked (the session a reload opens by itself is gone).
  await page.reload();
  await expect(page.getByRole("heading", { name: "Notes is locked" })).toBeVisible();

  // Unlocking asks nothing of the server: it works offline. A wrong password opens nothing.
  await context.setOffline(true);
  await page.getByLabel("Password").fill("not my password");
  await page.getByRole("button", { name: "Unlock", exact: true }).click();
  await expect(page.getByText("That password does not unlock your notes")).toBeVisible();
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Unlock", exact: true }).click();
  await openNote(page, title);
  await expect(editor(page)).toContainText("Third movement, bar 42");
  await context.setOffline(false);

  // On a phone, in the light theme: the lock screen fits and is axe-clean; the passkey
  // unlocks it, offline as well.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "light" });
  await lockNow(page);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, "mobile-lock-screen");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Unlock with a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Notes is locked" })).toBeHidden({
    timeout: 20_000,
  });
  // On a phone the note it was locked on comes back (the list is the other screen).
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(editor(page)).toContainText("Third movement, bar 42");
  await context.setOffline(false);
});
