// Images and files in notes (issue 36), one journey: the owner shares a note, pastes
// an image (it shows inline, its thumbnail made in the tab) and the member it is
// shared with sees the image, opened in their own tab. Then a 5 MB file is picked
// (kept small for CI; the chunking is the same for 100 MB: 1 MiB chunks), the
// connection fails after two of its chunks, the page is reloaded, and the upload
// resumes from the chunks the server lacks; the member sees the file's chip. On Postgres
// the deployment keeps chunks in an object store (global-setup.ts): there both pages
// send and read every chunk straight at the store, by presigned URLs, not through the app.
import type { Page, Request, Route } from "@playwright/test";
import { carries, onCall } from "../fixtures/api-calls";
import { figure, pasteImage } from "../fixtures/attachments";
import { expectSynced, openNote, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { server } from "../fixtures/server";
import { addMember, closeWithEscape, openShareDialog } from "../fixtures/sharing";
import { expect, test } from "../fixtures/test";

const FEED = { timeout: 10_000 };
const MiB = 1024 * 1024;
const store = server().objectStoreUrl;
const toStore = (request: Request, method: string) =>
  store !== undefined && request.url().startsWith(`${store}/`) && request.method() === method;

/** Every chunk a page sends, wherever it goes (the app's chunk route, or the store). */
async function onChunkSent(page: Page, handler: (route: Route) => Promise<void>) {
  const restoreApp = await onCall(page, "attachments.putChunk", handler);
  if (store === undefined) return restoreApp;
  const matcher = `${store}/**`;
  const route = (route: Route) =>
    route.request().method() === "PUT" ? handler(route) : route.fallback();
  await page.route(matcher, route);
  return async () => {
    await restoreApp();
    await page.unroute(matcher, route);
  };
}

test("paste an image, a member sees it; a 5 MB upload cut off resumes after a reload", async ({
  page,
  secondDevice,
}) => {
  await signUp(page);
  await writeNote(page, "Trip receipts", "Scans below.");
  const other = secondDevice.page;
  const guest = await signUp(other);
  const dialog = await openShareDialog(page);
  await addMember(dialog, guest.handle, "editor");
  await closeWithEscape(page, dialog);

  await pasteImage(page);
  const image = figure(page, "image");
  await expect(image).toHaveAttribute("data-state", "complete", { timeout: 20_000 });
  await expect(image.getByRole("img", { name: "receipt.png" })).toBeVisible();
  await expectSynced(page);

  const readFromStore: string[] = [];
  other.on("request", (request) => {
    if (toStore(request, "GET")) readFromStore.push(request.url());
  });
  await expect(other.getByRole("button", { name: /Trip receipts/ })).toBeVisible(FEED);
  await openNote(other, "Trip receipts");
  const seen = figure(other, "image");
  await expect(seen.getByRole("img", { name: "receipt.png" })).toHaveAttribute(
    "data-full",
    "true",
    FEED,
  );
  const pixels = await seen
    .getByRole("img")
    .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(pixels).toEqual([96, 64]);
  // With an object store the member's page read the image's chunk there.
  if (store) expect(readFromStore.length).toBeGreaterThan(0);

  // A 5 MB file: two chunks reach the server (or the store), then the connection fails.
  let sent = 0;
  const restore = await onChunkSent(page, async (route) => {
    if (++sent <= 2) await route.continue();
    else await route.abort("internetdisconnected");
  });
  await page.getByTestId("attach-input").setInputFiles({
    name: "scan.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(5 * MiB, 7),
  });
  const chip = figure(page, "file");
  // The file goes in after the image just pasted (which stays selected), never over it.
  await expect(chip).toHaveCount(1);
  await expect(image).toHaveCount(1);
  await expect(chip.getByRole("alert")).toContainText("Upload paused", { timeout: 20_000 });
  await expect(chip).toHaveAttribute("data-state", "uploading");
  await expectSynced(page);
  await restore();

  const resent: string[] = [];
  const resentToStore: string[] = [];
  page.on("request", (request) => {
    if (carries(request, "attachments.putChunk")) resent.push(request.url());
    if (toStore(request, "PUT")) resentToStore.push(request.url());
  });
  await page.reload();
  await openNote(page, "Trip receipts");
  await expect(chip).toHaveAttribute("data-state", "complete", { timeout: 30_000 });
  await expect(chip).toContainText("scan.pdf");
  await expect(chip).toContainText("5.0 MB · application/pdf");
  // Only what was missing went again: five chunks of 1 MiB in all, two before the reload;
  // with an object store, all three straight to it.
  expect([...resent, ...resentToStore]).toHaveLength(3);
  if (store) expect(resentToStore).toHaveLength(3);

  await expect(figure(other, "file")).toContainText("scan.pdf", FEED);
  await expect(figure(other, "file")).toHaveAttribute("data-state", "complete", FEED);

  // For the README: a note with an image and a file, in both themes.
  await expect(image.getByRole("img")).toHaveAttribute("data-full", "true");
  await page.emulateMedia({ colorScheme: "light" });
  await saveScreenshot(page, "note-attachments");
  await page.emulateMedia({ colorScheme: "dark" });
  await saveScreenshot(page, "note-attachments-dark");
});
