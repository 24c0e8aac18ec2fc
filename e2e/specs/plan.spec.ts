// Premium through Stripe's checkout (the fake Stripe beside the server, see
// apps/web/test/support/fake-stripe.ts): prices in the chosen currency, upgrade →
// checkout → back with the tier shown as premium, cancel at the period's end and
// undo, the customer portal and back; and a cancelled checkout that charges nothing. On a
// server without billing (the prices answer 503 billing-unavailable, as they do
// without STRIPE_SECRET_KEY), the page says no plans are sold here, and a
// complimentary account reads its status, never an error.
import { carries, onCall } from "../fixtures/api-calls";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { journeyCounts } from "../fixtures/journey-counts";
import { signUp } from "../fixtures/journeys";
import { opsPost } from "../fixtures/ops";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test("upgrade through checkout, cancel at period end and undo", async ({ page, request }) => {
  const before = await journeyCounts(request);
  await signUp(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Plan" }).click();
  await expect(page.getByTestId("tier")).toHaveText("Free");
  const monthly = page.locator("ul.prices li").filter({ hasText: "Monthly" });
  await expect(monthly).toContainText("$4.00 a month"); // en-US: dollars first
  await page.getByLabel("Currency").selectOption("eur");
  await expect(monthly).toContainText("€4.50 a month"); // BILLING_PRICES of the run
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Upgrade monthly" }).click();
  await expect(page.getByRole("heading", { name: "Fake checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/plan\?billing=(success|counted)$/);
  await expect(page.getByTestId("tier")).toHaveText("Premium");
  await expect(page.getByText("Premium is active")).toBeVisible();
  // Counted once: the address no longer says "success", and a reload keeps the thanks.
  await expect(page).toHaveURL(/\/plan\?billing=counted$/);
  const countedAfterReload: string[] = [];
  page.on("request", (r) => {
    if (carries(r, "analytics.journeyEvent")) countedAfterReload.push(r.postData() ?? "");
  });
  await page.reload();
  await expect(page.getByText("Premium is active")).toBeVisible();
  const state = page.getByTestId("subscription-state");
  await expect(state).toContainText(/Monthly plan, renews on/);
  await expect(page.getByText(/of 20 GiB used/)).toBeVisible();
  await saveScreenshot(page, "plan");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(state).toContainText(/, ends on/);
  await page.getByRole("button", { name: "Keep my subscription" }).click();
  await expect(state).toContainText(/, renews on/);
  await expect(page.getByTestId("tier")).toHaveText("Premium");

  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page.getByRole("heading", { name: "Fake portal" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Notes" }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByTestId("tier")).toHaveText("Premium");

  await expect
    .poll(async () => {
      const after = await journeyCounts(request);
      return ["upgrade:start", "upgrade:complete"].filter(
        (k) => (after.get(k) ?? 0) <= (before.get(k) ?? 0),
      );
    })
    .toEqual([]);
  // The reload of the way back did not count the upgrade a second time.
  expect(countedAfterReload.filter((body) => body.includes("upgrade"))).toEqual([]);
});

test("a cancelled checkout comes back free, having charged nothing", async ({ page }) => {
  await signUp(page);
  await page.goto("/plan");
  await page.getByRole("button", { name: "Upgrade yearly" }).click();
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await expect(page).toHaveURL(/\/plan\?billing=cancelled$/);
  await expect(page.getByText("Checkout was cancelled. Nothing was charged.")).toBeVisible();
  await expect(page.getByTestId("tier")).toHaveText("Free");
  await expect(page.getByRole("button", { name: "Upgrade yearly" })).toBeEnabled();
});

test("a server without billing says it sells no plans; complimentary premium reads its status", async ({
  page,
  request,
  baseURL,
}) => {
  // The run's server has (fake) Stripe configured; this is what it answers without.
  let pricesAsked = 0;
  await onCall(page, "billing.prices", (route) => {
    pricesAsked++;
    return route.fulfill({
      status: 503,
      contentType: "application/problem+json",
      body: JSON.stringify({
        type: `${baseURL}/problems/billing-unavailable`,
        title: "Billing unavailable",
        status: 503,
        detail: "Billing is switched off on this server.",
      }),
    });
  });
  const person = await signUp(page);
  // The free Bridge screen sends people to the plans.
  await page.goto("/bridge");
  await page.getByRole("link", { name: "See the plans" }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByTestId("tier")).toHaveText("Free");
  await expect(page.getByRole("heading", { name: "What premium includes" })).toBeVisible();
  await expect(page.getByText("20 GiB of storage for your notes")).toBeVisible();
  await expect(page.getByTestId("not-sold")).toContainText("This server does not sell plans");
  // No error in the page's content (Next's route announcer, outside it, is an alert too).
  const errors = page.getByRole("main").getByRole("alert");
  await expect(errors).toHaveCount(0);
  await expect(page.getByText("Billing is not available")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Upgrade/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Granted by the operator while the page is open: premium, complimentary, no error.
  await opsPost(request, `accounts/${person.handle}:grantComplimentary`);
  await expect(page.getByTestId("tier")).toHaveText("Premium (complimentary)", { timeout: 15_000 });
  await expect(page.getByTestId("plan-status")).toContainText("at no cost");
  await expect(page.getByRole("heading", { name: "Your plan includes" })).toBeVisible();
  await expect(page.getByTestId("not-sold")).toHaveCount(0);
  const asked = pricesAsked;
  await page.reload();
  await expect(page.getByTestId("tier")).toHaveText("Premium (complimentary)");
  await expect(page.getByTestId("plan-status")).toBeVisible();
  await expect(errors).toHaveCount(0);
  await expect(page.getByText("Billing is not available")).toHaveCount(0);
  // A premium account's page does not depend on billing at all.
  expect(pricesAsked).toBe(asked);
});
