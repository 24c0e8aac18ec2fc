// `pnpm bench:web-upload` (issue 36): the browser's main thread while a file uploads.
// A BENCH_MB file (default 100, 10^6 bytes) is dropped into a note of the web app in
// Chromium and uploaded encrypted, as a person would; against it, the same bytes sent
// plain from the same page to the same server through the same /v1 operations (create,
// put each 1 MiB chunk as Base64 JSON with three in flight, finish), the Base64 made by
// the browser's FileReader (off the main thread), so the difference is what the app
// does: sealing, the copy kept for resuming, progress. Both record PerformanceObserver
// `longtask` entries (over 50 ms) from the drop (or first request) until the upload is
// finished. BENCH_RUNS rounds (default 3), each plain then encrypted; medians printed
// with the load average. Embedded database by default; BENCH_ATTACHMENT_DB=postgres
// with BENCH_DATABASE_URL (default the local test database) for Postgres. Needs a Next
// build (`pnpm build`).
//
// Downloads too: after each round's encrypted upload the page is reloaded (the tab
// that dropped the file holds it as a blob URL and would hand that back without
// downloading anything), the note opened again, and the same attachment downloaded
// twice from the page: plain (its sealed chunks through GET /v1 …/chunks/{index}, JSON
// with Base64 `data`, three in flight, decoded with Uint8Array.fromBase64, no opening,
// the parts made one Blob: the floor the API allows), then as the web app does it (the
// chip's Download button clicked; done when the app hands the finished blob URL to its
// <a download>, the moment the file's bytes are all in the page; Playwright's download
// event and the saved file's size are checked after). Long tasks from the click (or the
// first request) until then; MB/s of the file's plaintext in both. BENCH_PROFILE=1
// records the web app's upload and download (V8 CPU profiles), BENCH_TRACE=1 its
// download (a Chromium trace), in bench/test-results; either slows what it records.
//
// BENCH_ATTACHMENT_STORE=s3: the server keeps chunks in an S3-compatible store
// (s3rver from @notes/test-support on loopback, its CORS open to the page's origin, the
// server's CSP allowing the store), so the web app's upload and download go straight
// to the store (presigned PUT/GET of raw ciphertext, `:stored` after each PUT), and
// the plain rounds take the same direct path from the page, to stay the floor: create,
// URLs asked 32 chunks at a time (`:presign`), each 1 MiB slice of the File PUT raw to
// the store, `:stored`, finish (no Base64 anywhere); and the chunks' URLs, each chunk
// fetched raw (arrayBuffer), the parts made one Blob. A second plain upload sends each
// slice's bytes read into a Uint8Array (as the app sends its sealed chunk) rather than
// the Blob, since Chromium's DevTools network instrumentation, which Playwright turns
// on, handles the two bodies differently on the page's main thread. Every request of each round to
// the store and to the app's chunk routes is counted, so a fallback to the chunk
// routes (a CORS or CSP failure) shows in the table, and stops the run.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync } from "node:fs";
import { stat } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createApiClient, createNote, signUp } from "@notes/client";
import {
  resetPostgres,
  TEST_OPERATOR_TOKEN,
  TEST_SERVER_SECRET,
} from "@notes/test-support/database-mode";
import { type ObjectStore, startObjectStore } from "@notes/test-support/object-store";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import { type Browser, chromium, type Page } from "@playwright/test";
import { chromiumLaunch } from "../../e2e/chromium-launch";
import { openNote, signIn } from "../../e2e/fixtures/journeys";
import { profileIfAsked } from "./cpu-profile";
import { watchLongTasks } from "./measure";
import { traceIfAsked } from "./trace";

const MB = Number(process.env.BENCH_MB ?? 100);
const SIZE = MB * 1_000_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const postgresMode = process.env.BENCH_ATTACHMENT_DB === "postgres";
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TITLE = "Upload bench";
const WAIT = Number(process.env.BENCH_WAIT_MS ?? 300_000);
const storeMode = process.env.BENCH_ATTACHMENT_STORE ?? "database";
if (storeMode !== "database" && storeMode !== "s3")
  throw new Error(`BENCH_ATTACHMENT_STORE is "database" (default) or "s3", not "${storeMode}"`);
const direct = storeMode === "s3";

interface Round {
  ms: number;
  count: number;
  totalMs: number;
  longestMs: number;
  /** Chunk requests of the round: to the object store, and to the app's chunk routes. */
  via?: { store: number; app: number };
}

/** Requests the page made, by where chunks went (counted from Playwright's request events). */
const requests = { store: 0, app: 0 };
function countRequests(page: Page, store: ObjectStore | undefined): void {
  page.on("request", (request) => {
    const url = request.url();
    if (store && url.startsWith(`${store.url}/`)) requests.store++;
    else if (/\/v1\/notes\/[^/]+\/attachments\/[^/]+\/chunks\/\d+$/.test(new URL(url).pathname))
      requests.app++;
  });
}

/** Runs a round and notes the chunk requests it made, to the store and to the app. */
async function counted(run: () => Promise<Round>): Promise<Round> {
  const before = { ...requests };
  const round = await run();
  const via = { store: requests.store - before.store, app: requests.app - before.app };
  if (direct && (via.store === 0 || via.app > 0))
    throw new Error(
      `the round did not go straight to the store: ${via.store} requests to it, ${via.app} to the chunk routes`,
    );
  return { ...round, via };
}

/** A file of random bytes, kept on `window` for the next upload; built before timing starts. */
async function buildFile(page: Page): Promise<void> {
  await page.evaluate((size) => {
    const data = new Uint8Array(size);
    for (let at = 0; at < size; at += 65_536)
      crypto.getRandomValues(data.subarray(at, Math.min(size, at + 65_536)));
    (window as unknown as { benchFile: File }).benchFile = new File([data], "bench.bin", {
      type: "application/octet-stream",
    });
  }, SIZE);
  // Let the tasks of building it end before anything is timed.
  await page.waitForTimeout(1_000);
}

/** The long tasks that began in [from, to] (page time, ms). */
function tasksBetween(page: Page, from: number, to: number) {
  return page.evaluate(
    ([a, b]) => {
      const tasks = window.__longTasks.filter((t) => t.start >= a && t.start <= b);
      return {
        count: tasks.length,
        totalMs: tasks.reduce((sum, t) => sum + t.duration, 0),
        longestMs: Math.max(0, ...tasks.map((t) => t.duration)),
      };
    },
    [from, to] as const,
  );
}

/** Drops the file into the open note and waits until its upload is finished. */
async function encryptedRound(page: Page): Promise<Round> {
  await buildFile(page);
  // The drop puts the new block where it lands (at the top), so it is told by its id.
  const before = await page.evaluate(() =>
    [...document.querySelectorAll("figure.attachment")].map((f) =>
      f.getAttribute("data-attachment-id"),
    ),
  );
  // BENCH_PROFILE=1: where the main thread's time goes during the upload (it slows it).
  const profiled = await profileIfAsked(page, `web-upload-${MB}`);
  const from = await page.evaluate(() => {
    const file = (window as unknown as { benchFile: File }).benchFile;
    const target = document.querySelector('[aria-label="Note text"]');
    if (!target) throw new Error("no note text");
    const box = target.getBoundingClientRect();
    const transfer = new DataTransfer();
    transfer.items.add(file);
    const start = performance.now();
    target.dispatchEvent(
      new DragEvent("drop", {
        dataTransfer: transfer,
        bubbles: true,
        cancelable: true,
        clientX: box.left + 12,
        clientY: box.top + 12,
      }),
    );
    return start;
  });
  // Finished, or a problem shown on the block (the run stops: its figures would mean nothing).
  const handle = await page.waitForFunction(
    (known) => {
      const chip = [...document.querySelectorAll('figure.attachment[data-kind="file"]')].find(
        (f) => !known.includes(f.getAttribute("data-attachment-id")),
      );
      const problem = chip?.querySelector("[role=alert]")?.textContent;
      if (problem) return { problem };
      return chip?.getAttribute("data-state") === "complete" ? { to: performance.now() } : false;
    },
    before,
    { timeout: WAIT, polling: 50 },
  );
  const { to, problem } = (await handle.jsonValue()) as { to?: number; problem?: string };
  if (to === undefined) throw new Error(`the upload did not finish: ${problem}`);
  const round = { ms: to - from, ...(await tasksBetween(page, from, to)) };
  await profiled();
  return round;
}

/**
 * The same bytes, unsealed, through create / put chunk / finish from the page; with
 * `direct`, each chunk presigned, PUT raw to the store and recorded with `:stored`.
 */
async function plainRound(
  page: Page,
  noteId: string,
  token: string,
  /** With `direct`: each PUT's body the File slice (a Blob), or its bytes read into a Uint8Array first, as the app's sealed chunk is. */
  body: "blob" | "bytes" = "blob",
): Promise<Round> {
  await buildFile(page);
  const { from, to } = await page.evaluate(
    async ([id, bearer, straight, bodyAs]) => {
      const file = (window as unknown as { benchFile: File }).benchFile;
      const chunk = 1024 * 1024;
      const count = Math.ceil(file.size / chunk);
      const attachmentId = crypto.randomUUID();
      const base = `/v1/notes/${id}/attachments`;
      const headers = { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" };
      const call = async (method: string, url: string, body: unknown) => {
        const res = await fetch(url, { method, headers, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
        return res;
      };
      // URLs for a chunk, asked with the rest of its batch of 32 (as the app asks them).
      type Signed = { index: number; url: string; headers: Record<string, string> };
      const batches = new Map<number, Promise<Map<number, Signed>>>();
      const signedFor = async (index: number) => {
        const first = index - (index % 32);
        let batch = batches.get(first);
        if (!batch) {
          const indices = Array.from({ length: Math.min(32, count - first) }, (_, k) => first + k);
          batch = call("POST", `${base}/${attachmentId}:presign`, {
            direction: "upload",
            indices,
          })
            .then((res) => res.json() as Promise<{ chunks: Signed[] }>)
            .then(({ chunks }) => new Map(chunks.map((c) => [c.index, c])));
          batches.set(first, batch);
        }
        const signed = (await batch).get(index);
        if (!signed) throw new Error(`no URL for chunk ${index}`);
        return signed;
      };
      const base64 = (blob: Blob) =>
        new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () =>
            resolve(String(reader.result).slice(String(reader.result).indexOf(",") + 1));
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(blob);
        });
      const noise = (n: number) =>
        btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(n))));
      const start = performance.now();
      await call("POST", base, {
        attachmentId,
        wrappedKey: noise(72),
        metadata: noise(296),
        chunkSize: chunk,
        size: file.size,
      });
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < count; i = next++) {
          const slice = file.slice(i * chunk, Math.min(file.size, (i + 1) * chunk));
          if (straight) {
            const signed = await signedFor(i);
            const res = await fetch(signed.url, {
              method: "PUT",
              headers: signed.headers,
              body: bodyAs === "bytes" ? new Uint8Array(await slice.arrayBuffer()) : slice,
              credentials: "omit",
            });
            if (!res.ok) throw new Error(`PUT chunk ${i} to the store: ${res.status}`);
            await call("POST", `${base}/${attachmentId}/chunks/${i}:stored`, {});
            continue;
          }
          const data = await base64(slice);
          await call("PUT", `${base}/${attachmentId}/chunks/${i}`, { data });
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      await call("POST", `${base}/${attachmentId}:finish`, {});
      return { from: start, to: performance.now() };
    },
    [noteId, token, direct, body] as const,
  );
  return { ms: to - from, ...(await tasksBetween(page, from, to)) };
}

/**
 * The page time at which the app hands a finished file to an <a download> (the chip's
 * Download action: a blob URL of the whole file, link.click()), kept on `window`.
 * Wrapping the prototype's click is the only hook: the link is never in the document,
 * so its click event reaches no listener there.
 */
async function watchDownloadLinks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __downloadHandedAt?: number };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download && this.href.startsWith("blob:")) w.__downloadHandedAt = performance.now();
      click.call(this);
    };
  });
}

/**
 * Reloads the page and opens the note again, so the app no longer holds the file it
 * uploaded, and waits until the attachment's chip offers Download and the page settles.
 */
async function reopen(page: Page, attachmentId: string): Promise<void> {
  await page.reload();
  await openNote(page, TITLE);
  await page.waitForFunction(
    (id) =>
      document.querySelector(
        `figure.attachment[data-attachment-id="${id}"][data-state="complete"] button[aria-label="Download bench.bin"]`,
      ) !== null,
    attachmentId,
    { timeout: WAIT, polling: 100 },
  );
  // The reload's sync and the note's chips (each reads its record) settle first.
  await page.waitForTimeout(5_000);
}

/** The chip's Download button clicked, until the app hands the whole file to its link. */
async function encryptedDownloadRound(page: Page, attachmentId: string): Promise<Round> {
  const downloading = page.waitForEvent("download", { timeout: WAIT });
  // BENCH_PROFILE=1 / BENCH_TRACE=1: where the main thread's time goes (they slow it).
  const profiled = await profileIfAsked(page, `web-download-${MB}`);
  const traced = await traceIfAsked(
    page.context().browser() as Browser,
    page,
    `web-download-${MB}`,
  );
  const from = await page.evaluate((id) => {
    (window as unknown as { __downloadHandedAt?: number }).__downloadHandedAt = undefined;
    const button = document.querySelector<HTMLButtonElement>(
      `figure.attachment[data-attachment-id="${id}"] button[aria-label="Download bench.bin"]`,
    );
    if (!button) throw new Error("no Download button");
    const start = performance.now();
    button.click();
    return start;
  }, attachmentId);
  // Handed to the link, or a problem shown on the block (the run stops).
  const handle = await page.waitForFunction(
    (id) => {
      const at = (window as unknown as { __downloadHandedAt?: number }).__downloadHandedAt;
      if (at !== undefined) return { to: at };
      const problem = document
        .querySelector(`figure.attachment[data-attachment-id="${id}"] [role=alert]`)
        ?.textContent?.trim();
      return problem ? { problem } : false;
    },
    attachmentId,
    { timeout: WAIT, polling: 50 },
  );
  const { to, problem } = (await handle.jsonValue()) as { to?: number; problem?: string };
  if (to === undefined) throw new Error(`the download did not finish: ${problem}`);
  const round = { ms: to - from, ...(await tasksBetween(page, from, to)) };
  await profiled();
  await traced();
  // What the browser saved is the whole file (checked outside the timing), then removed.
  const download = await downloading;
  const saved = (await stat(await download.path())).size;
  await download.delete();
  if (saved !== SIZE) throw new Error(`the download saved ${saved} bytes, not ${SIZE}`);
  return round;
}

/**
 * The attachment's sealed chunks through GET /v1 …/chunks/{index}, three in flight,
 * each JSON body's Base64 decoded by the browser (Uint8Array.fromBase64; atob where
 * it is missing), kept and made one Blob: no opening, no checking, no progress.
 */
async function plainDownloadRound(
  page: Page,
  noteId: string,
  attachmentId: string,
  token: string,
): Promise<Round> {
  const { from, to, bytes, decoder } = await page.evaluate(
    async ([id, aid, bearer, straight]) => {
      const base = `/v1/notes/${id}/attachments/${aid}`;
      const headers = { Authorization: `Bearer ${bearer}`, Accept: "application/json" };
      const get = async (url: string) => {
        const res = await fetch(url, { headers });
        if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      // The record (its chunk count) is read before timing: the app has it already, from
      // showing the chip.
      const { chunkCount } = (await get(base)) as { chunkCount: number };
      const native = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array })
        .fromBase64;
      const decode = native
        ? (text: string) => native(text)
        : (text: string) => {
            const binary = atob(text);
            const out = new Uint8Array(binary.length);
            for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
            return out;
          };
      const parts: Uint8Array[] = new Array(chunkCount);
      // URLs for a chunk, asked with the rest of its batch of 32 (as the app asks them).
      type Signed = { index: number; url: string; headers: Record<string, string> };
      const batches = new Map<number, Promise<Map<number, Signed>>>();
      const signedFor = async (index: number) => {
        const first = index - (index % 32);
        let batch = batches.get(first);
        if (!batch) {
          const indices = Array.from(
            { length: Math.min(32, chunkCount - first) },
            (_, k) => first + k,
          );
          batch = fetch(`${base}:presign`, {
            method: "POST",
            headers: { ...headers, "Content-Type": "application/json" },
            body: JSON.stringify({ direction: "download", indices }),
          })
            .then(async (res) => {
              if (!res.ok) throw new Error(`presign: ${res.status} ${await res.text()}`);
              return res.json() as Promise<{ chunks: Signed[] }>;
            })
            .then(({ chunks }) => new Map(chunks.map((c) => [c.index, c])));
          batches.set(first, batch);
        }
        const signed = (await batch).get(index);
        if (!signed) throw new Error(`no URL for chunk ${index}`);
        return signed;
      };
      const start = performance.now();
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < chunkCount; i = next++) {
          if (straight) {
            const signed = await signedFor(i);
            const res = await fetch(signed.url, { headers: signed.headers, credentials: "omit" });
            if (!res.ok) throw new Error(`GET chunk ${i} from the store: ${res.status}`);
            parts[i] = new Uint8Array(await res.arrayBuffer());
            continue;
          }
          const { data } = (await get(`${base}/chunks/${i}`)) as { data: string };
          parts[i] = decode(data);
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      const blob = new Blob(parts as BlobPart[]);
      return {
        from: start,
        to: performance.now(),
        bytes: blob.size,
        decoder: straight ? "raw bytes" : native ? "Uint8Array.fromBase64" : "atob",
      };
    },
    [noteId, attachmentId, token, direct] as const,
  );
  if (bytes < SIZE) throw new Error(`the plain download holds ${bytes} bytes, under ${SIZE}`);
  plainDecoder = decoder;
  return { ms: to - from, ...(await tasksBetween(page, from, to)) };
}

let plainDecoder = "";

/** The ids of the open note's attachment blocks. */
function attachmentIds(page: Page): Promise<(string | null)[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("figure.attachment")].map((f) =>
      f.getAttribute("data-attachment-id"),
    ),
  );
}

/** The same page with the note open and nothing asked of it, for `ms`: what the app costs at rest. */
async function idleRound(page: Page, ms: number): Promise<Round> {
  const from = await page.evaluate(() => performance.now());
  await page.waitForTimeout(ms);
  const to = await page.evaluate(() => performance.now());
  return { ms: to - from, ...(await tasksBetween(page, from, to)) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

function row(name: string, rounds: Round[]): string {
  const m = (pick: (r: Round) => number) => median(rounds.map(pick));
  const rate = (SIZE / 1e6 / (m((r) => r.ms) / 1000)).toFixed(1);
  const each = rounds.map((r) => `${r.count}/${Math.round(r.totalMs)}/${Math.round(r.longestMs)}`);
  const via = direct
    ? ` ${rounds.map((r) => `${r.via?.store ?? "?"}/${r.via?.app ?? "?"}`).join(", ")} |`
    : "";
  return `| ${name} | ${rate} | ${m((r) => r.count)} | ${Math.round(m((r) => r.totalMs))} | ${Math.round(m((r) => r.longestMs))} | ${each.join(", ")} |${via}`;
}

async function main() {
  if (process.env.BENCH_PROFILE || process.env.BENCH_TRACE)
    mkdirSync("test-results", { recursive: true });
  if (postgresMode) await resetPostgres(PG_URL);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Open to the page's origin, which is the app's PUBLIC_URL.
  const store = direct ? await startObjectStore({ browserOrigin: url }) : undefined;
  const server = startProcess(
    "self-hosted",
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-web-upload-")),
      RATE_LIMIT_SCALE: "1000",
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      LOG_LEVEL: "warn",
      ...(postgresMode && { DATABASE_URL: PG_URL, SERVER_SECRET: TEST_SERVER_SECRET }),
      ...store?.env,
    },
    "bench-web-upload.log",
  );
  const browser = await chromium.launch(chromiumLaunch);
  try {
    await waitForHealth(url, server);
    const api = createApiClient({ baseUrl: url });
    const handle = `bench_${randomBytes(5).toString("hex")}`;
    const password = "bench web upload";
    const { session } = await signUp(api, { identifier: handle, password });
    await fetch(`${url}/ops/v1/accounts/${handle}:grantComplimentary`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    });
    const note = await createNote(api, session, { title: TITLE, tags: [], text: "" });

    const page = await browser.newPage({ baseURL: url, viewport: { width: 1280, height: 800 } });
    await watchLongTasks(page);
    countRequests(page, store);
    // tsx (esbuild, keepNames) wraps the named functions of plainRound's page script in
    // __name(), which the page does not have.
    await page.addInitScript("globalThis.__name = (f) => f;");
    await watchDownloadLinks(page);
    await signIn(page, handle, password);
    await openNote(page, TITLE);

    const plain: Round[] = [];
    const plainBytes: Round[] = [];
    const encrypted: Round[] = [];
    const plainDown: Round[] = [];
    const encryptedDown: Round[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") console.log(`[page] ${message.text()}`);
    });
    page.on("pageerror", (error) => console.log(`[page error] ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400)
        console.log(
          `[page] ${response.request().method()} ${response.url()}: ${response.status()}`,
        );
    });
    // At rest first (after the sign-in's sync has settled), before any upload.
    await page.waitForTimeout(5_000);
    const idle = await idleRound(page, 10_000);
    for (let run = 1; run <= RUNS; run++) {
      plain.push(await counted(() => plainRound(page, note.id, session.token)));
      console.log(`round ${run} plain`, plain.at(-1));
      if (direct) {
        plainBytes.push(await counted(() => plainRound(page, note.id, session.token, "bytes")));
        console.log(`round ${run} plain, bytes bodies`, plainBytes.at(-1));
      }
      const known = await attachmentIds(page);
      encrypted.push(await counted(() => encryptedRound(page)));
      console.log(`round ${run} encrypted`, encrypted.at(-1));
      const uploaded = (await attachmentIds(page)).find((id) => id && !known.includes(id));
      if (!uploaded) throw new Error("the uploaded block has no id");
      await reopen(page, uploaded);
      plainDown.push(
        await counted(() => plainDownloadRound(page, note.id, uploaded, session.token)),
      );
      console.log(`round ${run} plain download`, plainDown.at(-1));
      encryptedDown.push(await counted(() => encryptedDownloadRound(page, uploaded)));
      if (store && store.objectsOf(uploaded).length === 0)
        throw new Error("the store holds no chunk of the web app's upload");
      console.log(`round ${run} encrypted download`, encryptedDown.at(-1));
    }
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ");
    const where = store
      ? `chunks in S3 (s3rver at ${store.url}, the page at ${url})`
      : "chunks in the database";
    console.log(
      `\n${MB} MB file, ${postgresMode ? "Postgres" : "embedded PGlite"}, ${where}, ${RUNS} rounds, load average ${load}\n`,
    );
    const viaHead = direct ? " chunk requests to the store / to the app's chunk routes |" : "";
    const viaRule = direct ? "---|" : "";
    console.log(
      `| upload from the page | MB/s | long tasks | their total ms | longest ms | each round (count/total/longest) |${viaHead}`,
    );
    console.log(`|---|---|---|---|---|---|${viaRule}`);
    console.log(
      row(
        `encrypted (the web app: drop into a note${direct ? ", straight to the store" : ""})`,
        encrypted,
      ),
    );
    console.log(
      row(
        direct
          ? "plain (same bytes, presign / raw PUT of each File slice / :stored)"
          : "plain (same bytes and operations, FileReader Base64)",
        plain,
      ),
    );
    if (direct)
      console.log(
        row("plain, each PUT's body the slice's bytes (a Uint8Array, as the app's)", plainBytes),
      );
    console.log(
      `at rest, the note open, 10 s before the first upload: ${idle.count} long tasks, ${Math.round(idle.totalMs)} ms in all, longest ${Math.round(idle.longestMs)} ms`,
    );
    console.log(
      `\n| download to the page | MB/s | long tasks | their total ms | longest ms | each round (count/total/longest) |${viaHead}`,
    );
    console.log(`|---|---|---|---|---|---|${viaRule}`);
    console.log(
      row(
        `encrypted (the web app: the chip's Download${direct ? ", straight from the store" : ""})`,
        encryptedDown,
      ),
    );
    console.log(
      row(
        direct
          ? "plain (same chunks, presign / raw GET from the store)"
          : `plain (same chunks and route, ${plainDecoder})`,
        plainDown,
      ),
    );
  } finally {
    await browser.close();
    await stopProcess(server);
    await store?.close();
  }
}

await main();
