// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// The browser security policy: every page carries a nonce-based CSP and the other
// security headers, and the app works under them — sign-up (libsodium in
// WebAssembly), writing, settings, a reload from the service worker — with not a
// single CSP violation reported.
import type { Page } from "@playwright/test";
import { signUp, writeNote } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

test("pages carry a strict CSP and the app works under it", async ({ page }) => {
  const violations = await watchViolations(page);
  const home = await page.goto("/signup");
  const headers = home?.headers() ?? {};
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).not.toContain("'unsafe-eval'");
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
    expect(csp).toContain(directive);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-request-id"]).toBeTruthy();
  const again = await page.request.get("/signup");
  expect(again.headers()["content-security-policy"]).not.toBe(csp); // a fresh nonce each time

  await signUp(page);
  await writeNote(page, "Under CSP", "Scripts run only with the nonce");
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await page.goto("/notes");
  await page.reload();
  await expect(page.getByRole("button", { name: /Under CSP/ })).toBeVisible();
  expect(violations).toEqual([]);
});
