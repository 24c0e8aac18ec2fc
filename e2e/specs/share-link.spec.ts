// Share links (issue 37): the owner makes a link in the share dialog and a fresh browser
// with no account reads the note from it. The link key (the fragment) is the canary: no
// request of either browser carries it in any encoding, nor does the server's log; the
// public page answers Referrer-Policy: no-referrer, asks no other origin for anything and
// drops the fragment from the address bar; on Postgres a dump of the database holds none
// of the keys either. A server that swaps what it serves is refused.
// A view limit, a password and revoking each end access with their own page, which a
// revoked or used-up link's address answers with HTTP 410 (an unknown one with 404); an
// expired link's page is shown from the API's 410 (the server's expiry itself is tested
// in apps/web/test/share-links*.test.ts, on Postgres, which can move a link's clock). A
// link that follows the note shows a later edit. Screenshots: the link dialog and the
// public page, light and dark. A note's pasted image goes with its link: the reader with
// no account sees the picture, fetched through the link and opened in their tab.
import type { Locator, Page } from "@playwright/test";
import { figure, pasteImage } from "../fixtures/attachments";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import {
  containsAny,
  databaseContains,
  expectDatabaseScanSees,
  serverLogContains,
} from "../fixtures/canary";
import { openDevice } from "../fixtures/devices";
import { editor, expectSynced, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { recordRequests } from "../fixtures/secrets-watch";
import { openShareDialog } from "../fixtures/sharing";
import { expect, test } from "../fixtures/test";

/** Fills "Create a link" and answers the URL it made, with the key that only its fragment holds. */
async function createLink(
  dialog: Locator,
  terms: { views?: string; password?: string; follow?: boolean } = {},
): Promise<{ url: string; key: Uint8Array }> {
  const field = dialog.getByLabel("New link");
  const previous = (await field.count()) > 0 ? await field.inputValue() : "";
  await dialog.getByLabel("Expires after").selectOption({ label: "1 day" });
  await dialog.getByLabel("View limit").fill(terms.views ?? "");
  await dialog.getByLabel("Password", { exact: true }).fill(terms.password ?? "");
  await dialog
    .getByRole("radio", { name: terms.follow ? "Later edits too" : "The note as it is now" })
    .check();
  await dialog.getByRole("button", { name: "Create a link" }).click();
  await expect(dialog.getByTestId("link-status")).toHaveText("Link created. Copy it and send it.");
  await expect(field).not.toHaveValue(previous);
  const url = await field.inputValue();
  const fragment = new URL(url).hash.slice(1);
  expect(fragment).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { url, key: Buffer.from(fragment, "base64url") };
}

const linkList = (dialog: Locator) => dialog.getByRole("list", { name: "Links to this note" });

/** Loads the link afresh: the same page with only a fragment added would not reload. */
async function load(reader: Page, url: string) {
  await reader.goto("about:blank");
  return reader.goto(url);
}

/** The page says how the link ended; `status`: what the page's own address answers. */
async function expectEnded(reader: Page, url: string, heading: string, status?: number) {
  const response = await load(reader, url);
  if (status !== undefined) expect(response?.status()).toBe(status);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(heading);
  // An ended link's page comes rendered by the server: its heading can show before the
  // script that takes the fragment out of the address bar has run (CI, once in 2026-11-30).
  await expect.poll(() => reader.url()).not.toContain("#");
}

test("a person with no account reads a shared note from its link, and the owner ends it", async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(150_000);
  const ownerRequests = recordRequests(page.context());
  const owner = await signUp(page);
  await writeNote(page, "Trip plan", "Pack the map and the boots.");
  const dialog = await openShareDialog(page);
  const first = await createLink(dialog);
  await expect(linkList(dialog).getByRole("listitem")).toHaveCount(1);
  await expect(linkList(dialog)).toContainText("Opened 0 times · expires");
  await expectNoSeriousA11yViolations(page);
  // The dialog scrolled to its link section: the terms, the new link and the note's links.
  await linkList(dialog).scrollIntoViewIfNeeded();
  await saveScreenshot(page, "share-link-dialog");
  await page.emulateMedia({ colorScheme: "dark" });
  await saveScreenshot(page, "share-link-dialog-dark");
  await page.emulateMedia({ colorScheme: "light" });

  // A fresh browser, no account: it reads the note from the link alone.
  const device = await openDevice(browser);
  const reader = device.page;
  const readerRequests = recordRequests(device.context);
  const origins = new Set<string>();
  device.context.on("request", (request) => origins.add(new URL(request.url()).origin));
  const response = await reader.goto(first.url);
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText("Trip plan");
  await expect(reader.locator(".shared-text")).toHaveText("Pack the map and the boots.");
  await expect(reader.locator(".shared-by")).toContainText(`Shared by @${owner.handle}`);
  expect(reader.url()).not.toContain("#");
  expect(reader.url()).toBe(first.url.split("#")[0]);
  await expectNoSeriousA11yViolations(reader);
  await saveScreenshot(reader, "share-link-page");
  await reader.emulateMedia({ colorScheme: "dark" });
  await reader.goto(first.url);
  await expect(reader.locator(".shared-text")).toHaveText("Pack the map and the boots.");
  await saveScreenshot(reader, "share-link-page-dark");
  await reader.emulateMedia({ colorScheme: "light" });

  // A lying server swaps what the link serves: the page refuses it, showing nothing of it.
  await reader.route("**/v1/share-links/*:open", async (route) => {
    const served = await route.fetch();
    const body = (await served.json()) as { sealed: string };
    const bytes = Buffer.from(body.sealed, "base64");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await route.fulfill({ response: served, json: { ...body, sealed: bytes.toString("base64") } });
  });
  await load(reader, first.url);
  // (Next's route announcer is an alert too: the page's own is the one that says why.)
  await expect(
    reader.getByRole("alert").filter({ hasText: "not what its owner shared" }),
  ).toBeVisible();
  await expect(reader.getByText("Pack the map")).toHaveCount(0);
  await reader.unrouteAll();

  // An expired link, as the API answers it (the page's address still serves).
  await reader.route("**/v1/share-links/*", (route) =>
    route.request().method() === "GET"
      ? route.fulfill({
          status: 410,
          contentType: "application/problem+json",
          json: {
            type: `${server.baseUrl}/problems/link-expired`,
            title: "Share link expired",
            status: 410,
          },
        })
      : route.continue(),
  );
  await expectEnded(reader, first.url, "This link has expired");
  await reader.unrouteAll();

  // Revoked by the owner: it no longer opens.
  await linkList(dialog)
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: "Revoke" })
    .click();
  await expect(dialog.getByTestId("link-status")).toHaveText("The link no longer opens.");
  await expect(linkList(dialog)).toContainText("revoked");
  await expectEnded(reader, first.url, "This link was taken back", 410);

  // A view limit of one: the first reading is the last.
  const once = await createLink(dialog, { views: "1" });
  await reader.goto(once.url);
  await expect(reader.locator(".shared-text")).toHaveText("Pack the map and the boots.");
  await expectEnded(reader, once.url, "This link has been used up", 410);
  // A link that never was: 404, with a page that says so.
  const unknown = first.url.replace(/\/s\/[^#]+/, "/s/AAAAAAAAAAAAAAAAAAAAAA");
  await expectEnded(reader, unknown, "There is no such link", 404);

  // A password: a wrong one is refused without saying how close it was.
  const locked = await createLink(dialog, { password: "open sesame" });
  await reader.goto(locked.url);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText("This note needs a password");
  await reader.getByLabel("Password").fill("open sesame!");
  await reader.getByRole("button", { name: "Open" }).click();
  await expect(
    reader.getByRole("alert").filter({ hasText: "That password is not right." }),
  ).toHaveText("That password is not right.");
  await reader.getByLabel("Password").fill("open sesame");
  await reader.getByRole("button", { name: "Open" }).click();
  await expect(reader.locator(".shared-text")).toHaveText("Pack the map and the boots.");

  // A link that follows the note shows what the owner writes afterwards, on the
  // reader's next load (the owner's device re-seals it a moment after the edit).
  const follows = await createLink(dialog, { follow: true });
  await load(reader, follows.url);
  await expect(reader.locator(".shared-text")).toHaveText("Pack the map and the boots.");
  await page.keyboard.press("Escape");
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" And water.");
  await expectSynced(page);
  await expect(async () => {
    await load(reader, follows.url);
    await expect(reader.locator(".shared-text")).toHaveText(
      "Pack the map and the boots. And water.",
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 20_000 });

  // The keys went nowhere: no request of either browser, and no line of the server's log.
  for (const { key } of [first, once, locked, follows]) {
    expect(containsAny(ownerRequests.text(), key)).toBe(false);
    expect(containsAny(readerRequests.text(), key)).toBe(false);
    expect(serverLogContains(key)).toBe(false);
  }
  // Positive controls: the scans see what does travel (the link id) and what is logged.
  const firstId = new URL(first.url).pathname.split("/").pop() ?? "";
  expect(readerRequests.text()).toContain(firstId);
  expect(serverLogContains("listening on")).toBe(true);
  if (server.mode === "postgres") {
    await expectDatabaseScanSees(owner.handle);
    for (const { key } of [first, once, locked, follows])
      expect(await databaseContains(key)).toBe(false);
  }
  expect([...origins]).toEqual([server.baseUrl]);
  await device.close();
});

test("a person with no account sees the shared note's image", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const ownerRequests = recordRequests(page.context());
  await signUp(page);
  await writeNote(page, "Ticket", "The boarding pass:");
  await pasteImage(page, "boarding pass.png");
  await expect(figure(page, "image")).toHaveAttribute("data-state", "complete", {
    timeout: 20_000,
  });
  await expectSynced(page);
  const link = await createLink(await openShareDialog(page));

  const device = await openDevice(browser);
  const reader = device.page;
  const readerRequests = recordRequests(device.context);
  const apiCalls: string[] = [];
  reader.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/v1/") || pathname.startsWith("/api/")) apiCalls.push(pathname);
  });
  await reader.goto(link.url);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText("Ticket");
  await expect(reader.locator(".shared-text")).toContainText("The boarding pass:");
  const image = reader.locator(".shared-text").getByRole("img", { name: "boarding pass.png" });
  await expect(image).toBeVisible({ timeout: 15_000 });
  expect(await image.getAttribute("src")).toMatch(/^blob:/);
  const pixels = await image.evaluate((img: HTMLImageElement) => [
    img.naturalWidth,
    img.naturalHeight,
  ]);
  expect(pixels).toEqual([96, 64]);
  // Fetched through the link, never through the note's own (signed-in) routes.
  expect(
    apiCalls.some((path) =>
      /^\/v1\/share-links\/[^/]+\/attachments\/.+\/chunks\/0:read$/.test(path),
    ),
  ).toBe(true);
  for (const path of apiCalls) expect(path).toMatch(/^\/v1\/share-links\//);
  await expectNoSeriousA11yViolations(reader);
  for (const requests of [ownerRequests, readerRequests])
    expect(containsAny(requests.text(), link.key)).toBe(false);
  expect(serverLogContains(link.key)).toBe(false);
  await device.close();
});
