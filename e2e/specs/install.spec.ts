// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Installable: the pages link a web manifest whose icons load, and /favicon.ico
// exists; the header names the place once ("Notes", not "Notes Notes").
import { signUp } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

test("the app is installable: manifest, icons, favicon", async ({ page, request }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  await signUp(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await (await request.get(href ?? "")).json();
  expect(manifest).toMatchObject({ name: expect.stringContaining("Notes"), display: "standalone" });
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
  await expect(page.getByRole("banner")).not.toContainText("Notes Notes");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveText(
    "NotesPlanBridgeSettingsFeedback",
  );
});
