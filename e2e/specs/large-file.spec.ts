// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// A 50 MB file dropped into a note (issue 36, "Prove it"): a real drop event carrying
// a File built in the page; the page is reloaded while its chunks are on the way, the
// upload resumes with only the chunks the server lacks, finishes, and the file
// downloaded back is byte for byte the one dropped (SHA-256 taken in the page before
// the drop, and of the download). Run once: the chunk store is the same code on both
// databases, and attachments.spec.ts resumes an upload on each of them.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { attachmentLayout } from "@notes/crypto";
import { carries, rewriteAnswers } from "../fixtures/api-calls";
import { dropFile, figure } from "../fixtures/attachments";
import { expectSynced, openNote, signUp, writeNote } from "../fixtures/journeys";
import { opsPost } from "../fixtures/ops";
import { expect, test } from "../fixtures/test";

// LARGE_FILE_BYTES tries another size (e.g. 150000000: past what one IndexedDB value holds).
const SIZE = Number(process.env.LARGE_FILE_BYTES ?? 50_000_000);
const NAME = "survey.bin";

test(`a ${SIZE / 1e6} MB file dropped in a note resumes after a reload mid-upload and comes back whole`, async ({
  page,
  request,
}) => {
  // Uploading and reading back 50 MB through the embedded database takes its time.
  test.setTimeout(Math.max(360_000, (SIZE / 50_000_000) * 360_000));
  const person = await signUp(page);
  // Past the free tier's storage (a 150 MB try): a premium account.
  if (SIZE > 90_000_000) await opsPost(request, `accounts/${person.handle}:grantComplimentary`);
  await writeNote(page, "Site survey", "The raw data:");

  const sent: string[] = [];
  page.on("request", (request) => {
    if (carries(request, "attachments.putChunk")) sent.push(request.url());
  });
  // What the server said it lacked when the page came back: the resume asks first.
  let reloaded = false;
  let lacked: number[] | undefined;
  await rewriteAnswers(page, "attachments.get", (answer) => {
    if (reloaded && lacked === undefined && Array.isArray(answer.missingChunks))
      lacked = answer.missingChunks as number[];
    return answer;
  });
  const digest = await dropFile(page, NAME, SIZE);
  const chip = figure(page, "file");
  await expect(chip).toHaveCount(1);
  await expect(chip).toHaveAttribute("data-state", "uploading", { timeout: 20_000 });
  // Reload while chunks are on the way: a fifth of the file is on the server.
  const bar = chip.getByRole("progressbar", { name: `${NAME} uploading` });
  await expect
    .poll(() => bar.evaluate((p: HTMLProgressElement) => p.value), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(20);
  await expectSynced(page);
  sent.length = 0;
  reloaded = true;
  await page.reload();
  await openNote(page, "Site survey");
  await expect(chip).toHaveAttribute("data-state", "complete", {
    timeout: Math.max(120_000, (SIZE / 50_000_000) * 120_000),
  });
  await expect(chip).toContainText(NAME);
  await expect(chip).toContainText(`${(SIZE / 2 ** 20).toFixed(1)} MB · application/octet-stream`);
  // Only what the server lacked went again: every chunk it said it lacked, and not the
  // fifth acknowledged before the reload. (Counted against the server's word, not the
  // page's requests before the reload: one already on its way when the page went may
  // reach the server without Playwright ever reporting it.)
  const { chunkCount } = attachmentLayout(SIZE);
  expect(lacked?.length).toBeGreaterThan(0);
  expect(lacked?.length).toBeLessThanOrEqual(Math.ceil(chunkCount * 0.8));
  expect(sent.length).toBeGreaterThanOrEqual(lacked?.length ?? chunkCount);
  expect(sent.length).toBeLessThanOrEqual(Math.ceil(chunkCount * 0.8));

  // Downloaded back after the reload (this tab no longer holds the file): the same bytes.
  const downloading = page.waitForEvent("download");
  await chip.getByRole("button", { name: `Download ${NAME}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(NAME);
  const bytes = await readFile(await download.path());
  expect(bytes.length).toBe(SIZE);
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(digest);
});
