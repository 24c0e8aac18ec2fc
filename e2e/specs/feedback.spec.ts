// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Feedback from the app: the allowance (12 a rolling year) shown and dropping as
// messages go, the operator reading them, and past the allowance a refusal that
// says in words when writing is possible again.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { signUp } from "../fixtures/journeys";
import { opsGet } from "../fixtures/ops";
import { expect, test } from "../fixtures/test";

test("feedback is sent, reaches the operator, and the allowance drops", async ({
  page,
  request,
}) => {
  await signUp(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Feedback" })
    .click();
  const allowance = page.getByTestId("feedback-allowance");
  await expect(allowance).toHaveText("You can send 12 more of 12 messages in any 365 days.");
  await expectNoSeriousA11yViolations(page);

  const message = `The tour was clear ${Date.now()}`;
  await page.getByLabel("Kind").selectOption("idea");
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByText("Thank you — your feedback was sent.")).toBeVisible();
  await expect(allowance).toHaveText("You can send 11 more of 12 messages in any 365 days.");
  await expect(page.getByLabel("Message")).toHaveValue("");
  const { feedback } = await opsGet<{ feedback: { message: string; category: string }[] }>(
    request,
    "feedback",
  );
  expect(feedback.find((f) => f.message === message)).toMatchObject({ category: "idea" });

  for (let left = 10; left >= 0; left--) {
    await page.getByLabel("Message").fill(`Message number ${12 - left}`);
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(allowance).toContainText(left > 0 ? `send ${left} more` : "used all 12");
  }
  await expect(allowance).toContainText(/the next one frees on \w+ \d+, \d{4}\./);
  await page.getByLabel("Message").fill("One more");
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(
    /^You have used this year's feedback allowance\. .*You can write again on \w+ \d+, \d{4}\.$/,
  );
  await expectNoSeriousA11yViolations(page);
});
