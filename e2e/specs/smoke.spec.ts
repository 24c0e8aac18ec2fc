// The harness itself: the server is up, the home page renders accessibly in
// Chromium, and the REST API answers next to the UI on the same origin.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";

test("home page renders, is accessible and is captured for the README", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Notes/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Notes/);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "home");
});

test("the /v1 API answers on the same origin", async ({ request, server }) => {
  const health = await request.get("/v1/health");
  expect(health.status()).toBe(200);
  const openapi = await request.get("/v1/openapi.json");
  expect(openapi.status()).toBe(200);
  const document = await openapi.json();
  expect(document.openapi).toMatch(/^3\.1/);
  expect(new URL(health.url()).origin).toBe(server.baseUrl);
});
