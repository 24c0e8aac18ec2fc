// The large-account journey (issue 35): a person signs in to the 100,000-note account
// that `pnpm bench:web` seeds (BENCH_NOTES sets the size), sees the first rows at once
// and the newest first, waits for every note to be listed, scrolls to the oldest, opens notes from the list
// and from search, edits one, reloads, and finds the edit. The page never holds more
// than a window of rows. Run with `pnpm test:large` (setup.ts: seeds once, ~15 minutes
// at 100,000; then each run takes a few minutes); not part of `pnpm test`.
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import type { Seeded } from "../../../e2e/fixtures/seed";

const account = JSON.parse(process.env.LARGE_ACCOUNT ?? "{}") as Seeded;
/** The list's rows in the page: a window, whatever the account's size. */
const WINDOW_MOST = 80;
/** The whole walk of 100,000 notes takes 30–110 s here; a ceiling, not a measure. */
const LISTED_WITHIN = 10 * 60_000;

const rows = (page: Page) => page.locator(".note-item");
const scroller = (page: Page) =>
  page.getByRole("region", { name: "Notes", exact: true }).locator(".virtual-scroller");
const editor = (page: Page) => page.getByRole("textbox", { name: "Note text" });

/** The title of seeded note `i` starts so (seed.ts), and its text holds `note${i}`. */
const seededTitle = (i: number) => `Note ${String(i).padStart(5, "0")}`;

async function expectWindowOfRows(page: Page) {
  const drawn = await rows(page).count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThanOrEqual(WINDOW_MOST);
}

async function scrollListTo(page: Page, fraction: number) {
  await scroller(page).evaluate((el, f) => {
    el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
  }, fraction);
}

test("a 100,000-note account: newest first, every note listed, opened, edited and searched", async ({
  page,
}) => {
  test.setTimeout(3 * LISTED_WITHIN);
  expect(account.notes, "setup.ts hands the seeded account over").toBeGreaterThan(0);
  await page.goto("/signin");
  await page.getByLabel("Handle or e-mail").fill(account.handle);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  // The first rows show long before the walk of every note ends.
  const list = page.getByRole("region", { name: "Notes", exact: true });
  await expect(rows(page).first()).toBeVisible({ timeout: 60_000 });
  expect(Number(await list.getAttribute("data-count"))).toBeLessThan(account.notes);
  await expectWindowOfRows(page);
  await expect(list).toHaveAttribute("data-count", String(account.notes), {
    timeout: LISTED_WITHIN,
  });
  await expect(page.getByTestId("sync-status")).toHaveText("All changes synced", {
    timeout: LISTED_WITHIN,
  });
  await expectWindowOfRows(page);
  // Newest first: the last edited on top (the bench edits notes of this account too, so
  // the top is not always the note the seed wrote last).
  await expect(rows(page).first()).toBeVisible();
  const times = await rows(page)
    .locator("time")
    .evaluateAll((all) => all.map((t) => Date.parse(t.getAttribute("datetime") ?? "")));
  expect(times.length).toBeGreaterThan(5);
  expect(times).toEqual([...times].sort((a, b) => b - a));

  // The bottom of the list is the oldest notes, still drawn as a window.
  await scrollListTo(page, 1);
  await expect(rows(page).last()).toContainText(/Note 000\d\d/);
  await expectWindowOfRows(page);
  // A note from the middle opens from its row.
  await scrollListTo(page, 0.5);
  const middle = rows(page).nth(10);
  const middleTitle = (await middle.locator(".title").textContent())?.trim() ?? "";
  expect(middleTitle).toMatch(/^Note \d{5}/);
  await middle.click();
  await expect(page.getByLabel("Title")).toHaveValue(middleTitle);
  await expect(editor(page)).toContainText(`note${Number(middleTitle.slice(5, 10))}`);

  // Search finds one old note by a word of its text, and opens it.
  const target = Math.floor(account.notes * 0.42);
  const search = page.getByLabel("Search notes");
  await search.fill(`note${target}`);
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("listitem")).toHaveCount(1, { timeout: 60_000 });
  await expect(results.getByRole("listitem")).toContainText(seededTitle(target));
  await results.getByRole("button", { name: new RegExp(seededTitle(target)) }).click();
  await expect(page.getByLabel("Title")).toHaveValue(new RegExp(`^${seededTitle(target)}`));

  // Edited: a new word at its end, sent, and the note goes to the top of the list.
  const word = `largeedit${randomBytes(4).toString("hex")}`;
  await editor(page).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(` ${word}`);
  await expect(editor(page)).toContainText(word);
  await expect(page.getByTestId("sync-status")).toHaveText("All changes synced", {
    timeout: 60_000,
  });
  await search.fill("");
  await expect(rows(page).first()).toContainText(seededTitle(target));

  // After a reload the edit is still there, found by search and shown in the note.
  await page.reload();
  await expect(rows(page).first()).toContainText(seededTitle(target), { timeout: 60_000 });
  await expectWindowOfRows(page);
  await page.getByLabel("Search notes").fill(word);
  await expect(results.getByRole("listitem")).toHaveCount(1, { timeout: 60_000 });
  await results.getByRole("button", { name: new RegExp(seededTitle(target)) }).click();
  await expect(editor(page)).toContainText(word);
  await expect(list).toHaveAttribute("data-count", String(account.notes));
});
