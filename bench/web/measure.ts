// What the web benchmark measures inside the page: long tasks (from an init script),
// the time a click takes to open a note, typing latency and the JS heap.
import type { CDPSession, Page } from "@playwright/test";
import { profileIfAsked } from "./cpu-profile";
import { traceIfAsked } from "./trace";

/** Longest wait for one step: a first sync of 100,000 notes takes minutes here. */
export const WAIT = Math.max(180_000, Number(process.env.BENCH_NOTES ?? 0) * 6);

declare global {
  interface Window {
    __longTasks: { start: number; duration: number }[];
  }
}

/** Records every main-thread task over 50 ms from the page's first script on. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
}

/**
 * The longest task since `since` (page time, ms), how many exceeded 50 ms (every
 * `longtask` entry does), and the five longest with when they began (ms after
 * `since`), to tell page load from sync work.
 */
export async function longestTask(
  page: Page,
  since = 0,
): Promise<{ max: number; over50: number; at: string }> {
  return page.evaluate((from) => {
    const tasks = window.__longTasks.filter((t) => t.start >= from);
    const longest = [...tasks].sort((a, b) => b.duration - a.duration).slice(0, 5);
    return {
      max: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
      over50: tasks.length,
      at: longest
        .map((t) => `${Math.round(t.duration)} ms at +${Math.round(t.start - from)}`)
        .join(", "),
    };
  }, since);
}

/**
 * Times, inside the page, when the list's first row is on screen, and when the row of
 * the note written last (`newestTitle`) is: the animation frame after it first enters
 * the DOM, once armed (`__armFirstRow`), measured from the first click after arming
 * (sign-in) or from the document's navigation start (a reload). Timing it here rather
 * than around Playwright's click and wait leaves out the harness's own round trips,
 * which added 100–500 ms.
 */
export async function watchFirstRow(page: Page, newestTitle: string): Promise<void> {
  await page.addInitScript((newest) => {
    const w = window as unknown as FirstRowWindow;
    let armed = true;
    let newestArmed = true;
    let noteTextSeen = false;
    w.__armFirstRow = () => {
      armed = true;
      newestArmed = true;
      w.__firstRowAt = undefined;
      w.__newestAt = undefined;
      w.__clickAt = undefined;
    };
    addEventListener("click", () => (w.__clickAt ??= performance.now()), { capture: true });
    new MutationObserver(() => {
      if (armed && document.querySelector(".note-item")) {
        armed = false;
        requestAnimationFrame(() => (w.__firstRowAt = performance.now()));
      }
      // Inline, not a named helper: tsx would wrap one in a `__name` call the page lacks.
      const titles = newestArmed ? [...document.querySelectorAll(".note-item .title")] : [];
      if (titles.some((t) => t.textContent?.trim().startsWith(newest))) {
        newestArmed = false;
        requestAnimationFrame(() => (w.__newestAt = performance.now()));
      }
      // The open note's text (a reload with ?note= in the address), once per page load.
      if (w.__noteTextAt === undefined && !noteTextSeen) {
        if (document.querySelector(".ProseMirror")?.textContent?.trim()) {
          noteTextSeen = true;
          requestAnimationFrame(() => (w.__noteTextAt = performance.now()));
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, newestTitle);
}

interface FirstRowWindow {
  __armFirstRow(): void;
  __noteTextAt: number | undefined;
  __firstRowAt: number | undefined;
  __newestAt: number | undefined;
  __clickAt: number | undefined;
}

export async function armFirstRow(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as FirstRowWindow).__armFirstRow());
}

/** Ms from the click after arming (or from navigation start) to the first row shown. */
export function firstRowShown(page: Page, fromClick: boolean): Promise<number> {
  return rowShown(page, "__firstRowAt", fromClick);
}

/** Ms from the click after arming (or from navigation start) to the newest note's row. */
export function newestShown(page: Page, fromClick: boolean): Promise<number> {
  return rowShown(page, "__newestAt", fromClick);
}

async function rowShown(
  page: Page,
  mark: "__firstRowAt" | "__newestAt",
  fromClick: boolean,
): Promise<number> {
  const at = await page.waitForFunction(
    ([key, click]) => {
      const w = window as unknown as FirstRowWindow;
      const shown = w[key];
      if (shown === undefined) return undefined;
      return shown - (click ? (w.__clickAt ?? 0) : 0);
    },
    [mark, fromClick] as const,
    { timeout: WAIT },
  );
  return Number(await at.jsonValue());
}

/** Ms from the document's navigation start to the open note's text on screen (a reload). */
export function noteTextShown(page: Page): Promise<number> {
  return page
    .waitForFunction(() => (window as unknown as FirstRowWindow).__noteTextAt, undefined, {
      timeout: WAIT,
    })
    .then(async (at) => Number(await at.jsonValue()));
}

/**
 * Where a page load's time went, ms from its navigation start: the document's response,
 * its scripts (count, decoded size, the last one loaded), DOMContentLoaded, then the
 * vault's start phases (its `vault:*` user-timing marks, vault.ts).
 */
export async function startPhases(page: Page): Promise<string> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = (
      performance.getEntriesByType("resource") as PerformanceResourceTiming[]
    ).filter((r) => r.initiatorType === "script");
    const kb = scripts.reduce((sum, r) => sum + r.decodedBodySize, 0) / 1024;
    const loaded = Math.max(0, ...scripts.map((r) => r.responseEnd));
    const marks = performance
      .getEntriesByType("mark")
      .map((m) => `${m.name} ${Math.round(m.startTime)}`);
    return [
      `document ${Math.round(nav.responseEnd)}`,
      `${scripts.length} scripts (${Math.round(kb)} KB) loaded ${Math.round(loaded)}`,
      `DOMContentLoaded ${Math.round(nav.domContentLoadedEventEnd)}`,
      ...marks,
    ].join(", ");
  });
}

export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** Clicks the `index`th row of the list; ms until its title and text are shown. */
export async function openRow(page: Page, index: number): Promise<number> {
  return page.evaluate(async (i) => {
    const rows = document.querySelectorAll<HTMLButtonElement>(".note-item");
    const row = rows[i];
    if (!row) throw new Error(`no row ${i}`);
    const title = row.querySelector(".title")?.textContent?.trim() ?? "";
    const start = performance.now();
    row.click();
    for (;;) {
      await new Promise((r) => requestAnimationFrame(r));
      const input = document.querySelector<HTMLInputElement>("#note-title");
      const text = document.querySelector(".ProseMirror")?.firstElementChild;
      if (input && title.startsWith(input.value) && input.value !== "" && text)
        return performance.now() - start;
      if (performance.now() - start > 30_000) throw new Error("note did not open in 30 s");
    }
  }, index);
}

/**
 * Types `count` characters into the open editor, one every 30 ms. For each keystroke:
 * - `toFrame`: from the keydown to the next animation frame that shows it. It includes
 *   the wait for the display's next frame (0–16.7 ms at 60 Hz, wherever the key falls
 *   between two frames), so a keystroke that cost nothing still scores up to 16.7.
 * - `work`: the main thread's own time for it, that wait left out: the key's handlers
 *   and the editor's reaction (keydown → the microtasks after `input`), plus the
 *   frame's rendering (its rAF callbacks, style, layout, paint). Under 16.7 ms the
 *   keystroke fits in one frame: typing never drops a frame for it.
 */
export async function typingLatency(
  page: Page,
  count = 150,
): Promise<{ p50: number; p99: number; workP50: number; workP99: number; jump: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { __typing: { toFrame: number; work: number }[] };
    w.__typing = [];
    let key: { start: number; at: number; handled: number } | undefined;
    addEventListener(
      "keydown",
      (e) => {
        const current = { start: performance.now(), at: e.timeStamp, handled: 0 };
        key = current;
        requestAnimationFrame(() => {
          const frame = performance.now();
          const handled = current.handled || frame;
          // After this frame's rendering, the next message runs.
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const rendered = performance.now();
            w.__typing.push({
              toFrame: frame - current.at,
              work: handled - current.start + (rendered - frame),
            });
          };
          channel.port2.postMessage(0);
        });
      },
      { capture: true },
    );
    addEventListener("input", () => {
      const current = key;
      if (!current) return;
      // ProseMirror reads the DOM change in microtasks of its own; after those.
      queueMicrotask(() => queueMicrotask(() => (current.handled = performance.now())));
    });
  });
  await page.locator(".ProseMirror").click();
  await page.keyboard.press("Control+End");
  // The jump is not typing: in a long note it moves the rendered bands to the end
  // (layout-window.ts; until 2026-11-29 it laid the whole note out, about a second in a
  // 2 MiB note). It is answered apart, as `jump`.
  await page.waitForTimeout(300);
  const jump = await page.evaluate(() => {
    const w = window as unknown as { __typing: { toFrame: number; work: number }[] };
    const worst = Math.max(0, ...w.__typing.map((k) => k.work));
    w.__typing = [];
    return worst;
  });
  const profiled = await profileIfAsked(page, `typing-${count}`);
  const browser = page.context().browser();
  const traced = browser ? await traceIfAsked(browser, page, `typing-${count}`) : undefined;
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(i % 12 === 11 ? "Space" : "KeyA");
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(100);
  await profiled();
  await traced?.();
  const keys = await page.evaluate(
    () => (window as unknown as { __typing: { toFrame: number; work: number }[] }).__typing,
  );
  const pick = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  };
  // BENCH_KEYS=1: each key's work, in the order typed.
  if (process.env.BENCH_KEYS)
    console.log(`  work per key (ms): ${keys.map((k) => Math.round(k.work)).join(" ")}`);
  const toFrame = keys.map((k) => k.toFrame);
  const work = keys.map((k) => k.work);
  return {
    p50: pick(toFrame, 0.5),
    p99: pick(toFrame, 0.99),
    workP50: pick(work, 0.5),
    workP99: pick(work, 0.99),
    jump: round(jump),
  };
}

/** The JS heap after a full garbage collection, in MB, and the DOM's node count. */
export async function heap(cdp: CDPSession): Promise<{ heapMb: number; nodes: number }> {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("Performance.enable");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { heapMb: round(get("JSHeapUsedSize") / 2 ** 20), nodes: get("Nodes") };
}

export function round(x: number): number {
  return Math.round(x * 10) / 10;
}

/**
 * Search as you type: once `probe` is found (the index holds every note), each query
 * is typed and timed from the request to the worker to the answer shown (the list's
 * data-search-ms). Answers the worst, in ms.
 */
export async function searchLatency(page: Page, probe: string, queries: string[]): Promise<number> {
  const box = page.getByLabel("Search notes");
  await box.fill(probe);
  await page
    .getByRole("list", { name: "Search results" })
    .getByRole("listitem")
    .first()
    .waitFor({ timeout: WAIT });
  const times: number[] = [];
  for (const q of queries) {
    await box.fill("");
    await box.fill(q);
    const ms = await page.waitForFunction(
      (query) => {
        const list = document.querySelector("section.list");
        const input = document.querySelector<HTMLInputElement>("#note-search");
        const found = document.querySelector(".list-found");
        return input?.value === query && found ? list?.getAttribute("data-search-ms") : undefined;
      },
      q,
      { timeout: 30_000 },
    );
    times.push(Number(await ms.jsonValue()));
  }
  await box.fill("");
  return Math.max(...times);
}

/** Deletes the sealed list snapshot, as if none had been saved yet (a reload mid-first-sync). */
export async function dropListSnapshot(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      if (db.objectStoreNames.contains("meta")) {
        // The snapshot and its first screen (list-snapshot.ts) both.
        await new Promise((resolve) => {
          const tx = db.transaction("meta", "readwrite");
          tx.objectStore("meta").delete("listSnapshot");
          tx.objectStore("meta").delete("listSnapshotHead");
          tx.oncomplete = tx.onerror = () => resolve(undefined);
        });
      }
      db.close();
    }
  });
}
