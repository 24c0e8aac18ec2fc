// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// The notes screen is an app, not a page: it takes exactly the window below the
// header and whatever shows above it (here the passkey offer), and only the list
// and the note scroll. On a phone the header is two short rows. A note's headings
// step down in size level by level.
import { editor, signUp, writeNote } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

const layout = (page: import("@playwright/test").Page) =>
  page.evaluate(() => ({
    pageHeight: document.documentElement.scrollHeight,
    windowHeight: innerHeight,
    headerHeight: document.querySelector(".topbar")?.getBoundingClientRect().height ?? 0,
    notesBottom: document.querySelector("main.notes")?.getBoundingClientRect().bottom ?? 0,
  }));

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`the page never scrolls at ${viewport.width} px, the offer shown`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUp(page);
    await expect(
      page.getByRole("heading", { name: "Sign in faster with a passkey?" }),
    ).toBeVisible();
    await writeNote(page, "Packing list", "passport, charger");
    const seen = await layout(page);
    expect(seen.pageHeight, JSON.stringify(seen)).toBeLessThanOrEqual(seen.windowHeight);
    expect(Math.round(seen.notesBottom)).toBe(seen.windowHeight);
    // The header stays in view, and on a phone it is two short rows, not four.
    await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport();
    expect(seen.headerHeight).toBeLessThan(viewport.width < 600 ? 100 : 80);
    // A long note scrolls inside its pane: the page still does not.
    await page.getByRole("textbox", { name: "Note text" }).press("End");
    for (let i = 0; i < 40; i++) await page.keyboard.press("Enter");
    const after = await layout(page);
    expect(after.pageHeight).toBeLessThanOrEqual(after.windowHeight);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport();
  });
}

test("a note's headings step down in size: # over ## over ### over the text", async ({ page }) => {
  await signUp(page);
  await writeNote(page, "Outline", "Body text");
  const text = editor(page);
  await text.press("End");
  // Typed at a person's pace: the headings are what this checks, not fast typing.
  for (const line of ["# Part one", "## Section", "### Detail"]) {
    await page.keyboard.press("Enter");
    await page.keyboard.type(line, { delay: 80 });
  }
  await expect(text.locator("h1")).toHaveText("Part one");
  await expect(text.locator("h2")).toHaveText("Section");
  await expect(text.locator("h3")).toHaveText("Detail");
  const sizes = await text.evaluate((root) =>
    ["h1", "h2", "h3", "p"].map((tag) => {
      const element = root.querySelector(tag);
      return element ? Number.parseFloat(getComputedStyle(element).fontSize) : 0;
    }),
  );
  const [h1 = 0, h2 = 0, h3 = 0, body = 0] = sizes;
  // Each a visible step (at least an eighth) above the next.
  expect(h1, sizes.join(" > ")).toBeGreaterThan(h2 * 1.125);
  expect(h2, sizes.join(" > ")).toBeGreaterThan(h3 * 1.125);
  expect(h3, sizes.join(" > ")).toBeGreaterThan(body * 1.1);
});
