// e2e: database-independent
// Everyday writing and organising (issue 38), as a person does it: a table typed as
// Markdown, strikethrough, highlight and a subheading from the toolbar, exported as
// Markdown; a note linked by "[[", opened by its link, listed in the other's backlinks,
// shown under its new title after a rename, and a link to a deleted note that says so;
// notebooks made and filled from the menu, counted in the sidebar and filtering the
// list, a tag filtering it too; a pinned note kept in view when a note is made, its mark
// an icon; Hebrew laid out right to left beside English. Then the note with the table
// and links, and the Hebrew one, at a desk's and a phone's width in both themes (four
// combinations), axe-clean, the page never wider than the screen.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { editor, expectSynced, noteAction, openNote, signUp } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";
import { deskAndPhoneInBothThemes, expectFitsWidth } from "../fixtures/widths";

async function newNote(page: Page, title: string): Promise<void> {
  await page.getByRole("button", { name: "New note" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await page.getByLabel("Title").fill(title);
  await editor(page).click({ position: { x: 12, y: 12 } });
}

async function moveTo(page: Page, notebook: string): Promise<void> {
  await noteAction(page, "Move to notebook…");
  const dialog = page.getByRole("dialog", { name: "Move to notebook" });
  await dialog.getByLabel("Or a new notebook").fill(notebook);
  await dialog.getByRole("button", { name: "Move" }).click();
  await expect(dialog).toBeHidden();
}

const organise = (page: Page) => page.getByRole("navigation", { name: "Notebooks and tags" });

test("tables, formats, links, notebooks and right-to-left text", async ({ page }) => {
  await signUp(page);
  await page.getByRole("button", { name: "Not now" }).click();

  // Formats from the toolbar and as typed Markdown, then a table typed as Markdown.
  await newNote(page, "Lisbon days");
  await page.getByRole("button", { name: "Subheading" }).click();
  await page.keyboard.type("Budget");
  await page.keyboard.press("Enter");
  await page.keyboard.type("old plan ~~hostel~~ now ");
  await page.getByRole("button", { name: "Highlight" }).click();
  await page.keyboard.type("book early");
  await page.getByRole("button", { name: "Highlight" }).click();
  await page.keyboard.press("Enter");
  await page.keyboard.type("| Day | Plan |");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Monday");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Tram 28");
  await expect(editor(page).locator("h3")).toHaveText("Budget");
  await expect(editor(page).locator("s")).toHaveText("hostel");
  await expect(editor(page).locator("mark")).toHaveText("book early");
  await expect(editor(page).locator("th")).toHaveText(["Day", "Plan"]);
  await expect(editor(page).locator("td")).toHaveText(["Monday", "Tram 28"]);
  await expectSynced(page);

  // The Markdown export writes a GFM table and the highlight as <mark>.
  const downloading = page.waitForEvent("download");
  await noteAction(page, "Export this note");
  const markdown = await readFile(await (await downloading).path(), "utf8");
  expect(markdown).toContain("| Day | Plan |\n| --- | --- |\n| Monday | Tram 28 |");
  expect(markdown).toContain("### Budget");
  expect(markdown).toContain("~~hostel~~");
  expect(markdown).toContain("<mark>book early</mark>");

  // Pinned, then a new note: the pinned one stays in view, marked by an icon.
  await page.getByRole("button", { name: "Pin", exact: true }).click();
  await newNote(page, "Scratch");
  await page.keyboard.type("to be deleted");
  const pinned = page.getByRole("button", { name: /Lisbon days/ });
  await expect(pinned).toBeInViewport();
  await expect(pinned.locator(".pin-mark svg")).toBeVisible();

  // "[[" links notes by title; the link opens its note, which lists the backlink.
  await newNote(page, "Packing list");
  await page.keyboard.type("See [[lis");
  const picker = page.getByRole("listbox", { name: "Link to a note" });
  await expect(picker.getByRole("option")).toHaveText(["Lisbon days"]);
  await page.keyboard.press("Enter");
  await page.keyboard.type("and [[scr");
  await expect(picker.getByRole("option")).toHaveText(["Scratch"]);
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  await expectSynced(page);
  await editor(page).locator("[data-note-link]", { hasText: "Lisbon days" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Lisbon days");
  const backlinks = page.getByRole("region", { name: "Linked from" });
  await expect(backlinks.getByRole("link")).toHaveText(["Packing list"]);

  // Renamed, the link shows the new title (it links by id); a deleted note says so.
  await page.getByLabel("Title").fill("Lisbon trip");
  await openNote(page, "Scratch");
  await noteAction(page, "Move to trash");
  await page.getByRole("button", { name: /^Trash/ }).click();
  await page.getByRole("button", { name: /Scratch/ }).click();
  await page.getByRole("button", { name: "Delete for good…" }).click();
  await page.getByRole("button", { name: "Delete for good", exact: true }).click();
  await page.getByRole("button", { name: "← Back to notes" }).click();
  await openNote(page, "Packing list");
  await expect(editor(page).locator("[data-note-link]").first()).toHaveText("Lisbon trip");
  await expect(editor(page)).toContainText("(you cannot open this note)");
  await expect(editor(page).locator('[data-note-link="unreadable"]')).toHaveText("Scratch");

  // Notebooks, nested, from the menu; counts in the sidebar; a filter by notebook and tag.
  await moveTo(page, "Travel / 2026");
  await openNote(page, "Lisbon trip");
  await moveTo(page, "Travel");
  await expect(page.getByTestId("note-notebook")).toHaveText("In Travel");
  await page.getByLabel("Add tag").fill("summer");
  await page.keyboard.press("Enter");
  const nav = organise(page);
  const travel = nav.getByRole("button", { name: /^Travel\W+2 notes$/ });
  await expect(travel).toBeVisible();
  await nav.getByRole("button", { name: /^2026\W+1 note$/ }).click();
  const list = page.getByRole("list", { name: "Notes" });
  await expect(list.getByRole("button", { name: /Packing list/ })).toBeVisible();
  await expect(list.getByRole("button", { name: /Lisbon trip/ })).toHaveCount(0);
  await nav.getByRole("button", { name: /^summer\W+1 note$/ }).click();
  await expect(list.getByRole("button", { name: /Lisbon trip/ })).toBeVisible();
  await expect(list.getByRole("button", { name: /Packing list/ })).toHaveCount(0);
  await travel.click();
  await expect(travel).toHaveAttribute("aria-current", "true");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "notebooks");

  // Hebrew beside English: each paragraph takes its own direction, the title too.
  await newNote(page, "שלום עולם");
  await page.keyboard.type("רשימת קניות: חלב, לחם.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Milk and bread.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("- ");
  await page.keyboard.type("פריט ראשון");
  const direction = (selector: string) =>
    editor(page)
      .locator(selector)
      // Blocks with text only: the editor keeps an empty paragraph after a list.
      .evaluateAll((els) =>
        els.filter((el) => el.textContent?.trim()).map((el) => getComputedStyle(el).direction),
      );
  expect(await direction(":scope > p")).toEqual(["rtl", "ltr"]);
  expect(await direction("li")).toEqual(["rtl"]);
  expect(await page.getByLabel("Title").evaluate((el) => getComputedStyle(el).direction)).toBe(
    "rtl",
  );
  const row = page.getByRole("button", { name: /שלום עולם/ });
  expect(await row.locator(".title").evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
  // The bullets sit on the right of a right-to-left list: its indent is on that side.
  const listBox = await editor(page).locator("ul").boundingBox();
  const itemBox = await editor(page).locator("li").boundingBox();
  const right = (b: typeof listBox) => (b?.x ?? 0) + (b?.width ?? 0);
  expect(right(listBox) - right(itemBox)).toBeGreaterThan(10);
  expect(Math.abs((itemBox?.x ?? 0) - (listBox?.x ?? 0))).toBeLessThan(1);
  await expectSynced(page);

  // The note with links and a table, in both themes, axe-clean.
  await openNote(page, "Lisbon trip");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "note-links-table");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yViolations(page);
  await openNote(page, "Packing list");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "note-links-dark");

  // On a phone: the sidebar folds the notebooks away until opened; the table scrolls
  // inside the note, never the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "← All notes" }).click();
  await page.reload();
  await expect(nav).toBeHidden();
  await page.getByText("Notebooks and tags").click();
  // Three now: the Hebrew note was made while Travel was shown, so it went there.
  await expect(nav.getByRole("button", { name: /^Travel\W+3 notes$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: "light" });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "mobile-notebooks");
  await openNote(page, "Lisbon trip");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Each of it at a desk's and a phone's width, in both themes: the table, the link and
  // the backlinks show, the Hebrew blocks keep their direction, the page never scrolls
  // sideways (the table scrolls inside the note), and axe finds nothing serious.
  const show = async (title: string) => {
    const back = page.getByRole("button", { name: "← All notes" });
    if (await back.isVisible()) await back.click();
    await openNote(page, title);
  };
  for await (const { width, where } of deskAndPhoneInBothThemes(page)) {
    await show("Lisbon trip");
    await expect(editor(page).locator("td"), where).toHaveText(["Monday", "Tram 28"]);
    await expect(
      page.getByRole("region", { name: "Linked from" }).getByRole("link"),
      where,
    ).toHaveText(["Packing list"]);
    await expectFitsWidth(page, width, where);
    await expectNoSeriousA11yViolations(page);
    await show("שלום עולם");
    expect(await direction(":scope > p"), where).toEqual(["rtl", "ltr"]);
    expect(await direction("li"), where).toEqual(["rtl"]);
    await expectFitsWidth(page, width, where);
    await expectNoSeriousA11yViolations(page);
  }
});
