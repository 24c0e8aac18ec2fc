// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// The free-flight tour on a new account's notes screen: offered once, played
// with mouse and keyboard to the end (each step outlines an anchor that is on
// screen, the Export step too, before there is anything to export), counted as
// view, play and complete, and never shown again; skipped with Escape, it is
// never shown again either.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { tourCounts } from "../fixtures/journey-counts";
import { signUp } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

const grew = async (
  request: Parameters<typeof tourCounts>[0],
  before: Map<string, number>,
  keys: string[],
) => {
  const after = await tourCounts(request);
  return keys.map((k) => (after.get(k) ?? 0) - (before.get(k) ?? 0));
};

test("the free-flight tour runs once and is counted", async ({ page, request }) => {
  const before = await tourCounts(request);
  await signUp(page);
  const tour = page.getByRole("dialog", { name: "New here? Take the quick tour" });
  await expect(tour).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await tour.getByRole("button", { name: "Show me" }).click();

  const card = page.getByTestId("tour-free-flight");
  await expect(card.getByRole("heading", { name: "Start a note" })).toBeFocused();
  await expect(page.locator('[data-tour="new-note"]')).toHaveClass(/tour-target/);
  await expect(card).toContainText("Step 1 of 4");
  await saveScreenshot(page, "tour");
  await card.getByRole("button", { name: "Next" }).click();
  await expect(card.getByRole("heading", { name: "Find anything" })).toBeVisible();
  await expect(page.locator('[data-tour="note-search"]')).toHaveClass(/tour-target/);
  await expect(page.locator('[data-tour="new-note"]')).not.toHaveClass(/tour-target/);
  // Back and forth by keyboard: Tab from the heading reaches Skip, Back, Next.
  await card.getByRole("button", { name: "Back" }).click();
  await expect(card.getByRole("heading", { name: "Start a note" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(card.getByRole("heading", { name: "Find anything" })).toBeFocused();
  await expect(card).toContainText("titles, tags and the text of every note");
  await card.getByRole("button", { name: "Next" }).click();
  // A new account has no Export button yet: the step outlines the row it will join,
  // which is on screen, and says when it appears.
  await expect(card.getByRole("heading", { name: "Take your notes with you" })).toBeVisible();
  const actions = page.locator('[data-tour="note-actions"]');
  await expect(actions).toHaveClass(/tour-target/);
  await expect(actions).toBeInViewport();
  await expect(actions.getByRole("button", { name: "New note" })).toBeVisible();
  await expect(card).toContainText("Once you have a note");
  await card.getByRole("button", { name: "Next" }).click();
  await expect(card.getByRole("heading", { name: "Always in sync" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card.getByRole("button", { name: "Done" }).click();
  await expect(card).toBeHidden();

  await expect
    .poll(() =>
      grew(request, before, ["free-flight:view", "free-flight:play", "free-flight:complete"]),
    )
    .toEqual([1, 1, 1]);
  await page.reload();
  await expect(page.getByRole("button", { name: "New note" })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByTestId("tour-free-flight")).toHaveCount(0);
  expect(await grew(request, before, ["free-flight:view"])).toEqual([1]);
});

test("a tour skipped with Escape is not offered again", async ({ page, request }) => {
  const before = await tourCounts(request);
  await signUp(page);
  const tour = page.getByTestId("tour-free-flight");
  await tour.getByRole("button", { name: "Skip tour" }).focus();
  await page.keyboard.press("Escape");
  await expect(tour).toBeHidden();
  await page.reload();
  await expect(page.getByRole("button", { name: "New note" })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(tour).toHaveCount(0);
  await expect
    .poll(() => grew(request, before, ["free-flight:view", "free-flight:play"]))
    .toEqual([1, 0]);
});
