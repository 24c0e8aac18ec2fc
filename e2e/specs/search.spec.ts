// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Full-text search: titles, tags and the text of notes, searched in a worker as you
// type, ranked, the matches marked; a reload searches from the sealed local index.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { expectSynced, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";
import { pasteText } from "../fixtures/typing";
import { deskAndPhoneInBothThemes, expectFitsWidth } from "../fixtures/widths";

test("search finds notes by their text, ranks titles first and marks the matches", async ({
  page,
}) => {
  await signUp(page);
  await writeNote(page, "Harbour walk", "We saw the lighthouse keeper at dawn");
  await writeNote(page, "Lighthouse trip", "Bring a camera");
  await writeNote(page, "Groceries", "oat milk, apples");
  const search = page.getByLabel("Search notes");
  await search.fill("lighth");
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("listitem")).toHaveText([/Lighthouse trip/, /Harbour walk/]);
  await expect(results.locator("mark").first()).toHaveText("Lighthouse");
  await expect(results.getByRole("listitem").nth(1).locator(".snippet mark")).toHaveText(
    "lighthouse",
  );
  await expect(page.getByRole("status").filter({ hasText: "2 matches" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "search");

  await search.fill("keeper dawn");
  await expect(results.getByRole("listitem")).toHaveText([/Harbour walk/]);
  await results.getByRole("button", { name: /Harbour walk/ }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Harbour walk");

  // Results stay live: a query that finds nothing finds the note once its text is
  // typed, with no key pressed in the search box; and after a reload (the sealed index).
  await search.fill("quince");
  await expect(page.getByText("No match.")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Harbour walk");
  await page.getByRole("textbox", { name: "Note text" }).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" quince");
  await expectSynced(page);
  await expect(results.getByRole("listitem")).toHaveText([/Harbour walk/]);
  await page.reload();
  await page.getByLabel("Search notes").fill("quince");
  await expect(page.getByRole("list", { name: "Search results" }).getByRole("listitem")).toHaveText(
    [/Harbour walk/],
  );
  await page.getByLabel("Search notes").fill("zebra");
  await expect(page.getByText("No match.")).toBeVisible();
});

test("the search index at rest holds no plaintext", async ({ page }) => {
  await signUp(page);
  await writeNote(page, "Secret plans", "canary-word-5c1e");
  await page.getByLabel("Search notes").fill("canary");
  await expect(page.getByRole("list", { name: "Search results" })).toContainText("Secret plans");
  // The index is sealed into IndexedDB a moment after it settles.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open("notes-vault");
              open.onsuccess = () => {
                const read = open.result.transaction("meta").objectStore("meta").get("searchIndex");
                read.onsuccess = () => resolve(String(read.result ?? ""));
              };
            }),
        ),
      { timeout: 15_000 },
    )
    .toMatch(/.{40,}/);
  const everything = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open("notes-vault");
        open.onsuccess = () => {
          const read = open.result.transaction("meta").objectStore("meta").getAll();
          read.onsuccess = () => resolve(JSON.stringify(read.result));
        };
      }),
  );
  expect(everything).not.toContain("canary-word");
  expect(everything).not.toContain("Secret plans");
});

test("a word deep in a long note shows marked in its row, on a desk and a phone in both themes", async ({
  page,
}) => {
  await signUp(page);
  await writeNote(page, "Long read", "Start. ");
  const filler = Array.from({ length: 300 }, (_, i) => `word${i}`).join(" ");
  await pasteText(page, `${filler} and then the zeppelin landed on the lawn ${filler}`);
  await expectSynced(page);
  const search = page.getByLabel("Search notes");
  const results = page.getByRole("list", { name: "Search results" });
  for await (const { width, where } of deskAndPhoneInBothThemes(page)) {
    // A phone shows the list or the note: back to the list first.
    const back = page.getByRole("button", { name: "← All notes" });
    if (await back.isVisible()) await back.click();
    await search.fill("zeppelin");
    const row = results.getByRole("listitem").first();
    const mark = row.locator(".snippet mark");
    await expect(mark, where).toHaveText("zeppelin");
    // The word is on screen in the row, not cut off behind its "…".
    const shown = await row.locator(".meta").boundingBox();
    const word = await mark.boundingBox();
    expect(word, where).not.toBeNull();
    expect((word?.x ?? 0) + (word?.width ?? 0), where).toBeLessThanOrEqual(
      (shown?.x ?? 0) + (shown?.width ?? 0),
    );
    expect(word?.x ?? -1, where).toBeGreaterThanOrEqual(shown?.x ?? 0);
    await expectFitsWidth(page, width, where);
    await expectNoSeriousA11yViolations(page);
    await search.fill("");
  }
});
