// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// After sign-in the app goes back to the page that sent the person there, and only to
// a page of this site: "/\t/evil.example" (the tab is dropped by the browser, leaving
// "//evil.example") and the like land on the notes instead.
import { signUp } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

test("sign-in never sends the person to another site", async ({ page, secondDevice, server }) => {
  const person = await signUp(page);
  const other = secondDevice.page;
  const landed: string[] = [];
  other.on("framenavigated", (frame) => {
    if (frame === other.mainFrame()) landed.push(frame.url());
  });
  await other.goto("/signin?next=/%09/evil.example/phish");
  await other.getByLabel("Handle or e-mail").fill(person.handle);
  await other.getByLabel("Password").fill(person.password);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other).toHaveURL(`${server.baseUrl}/notes`, { timeout: 20_000 });
  for (const url of landed) expect(new URL(url).origin).toBe(server.baseUrl);
});
