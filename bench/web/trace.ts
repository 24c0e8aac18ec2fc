// BENCH_TRACE=1: a Chromium performance trace of part of a bench run (what DevTools'
// Performance panel records: script, style, layout, paint, per task), written for
// DevTools, with the renderer main thread's long tasks broken down by what they did.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
];

/** Starts a trace when BENCH_TRACE is set; the returned stop writes and summarises it. */
export async function traceIfAsked(
  browser: Browser,
  page: Page,
  name: string,
  /** Tasks at least this long are broken down (ms). */
  longMs = 12,
): Promise<() => Promise<void>> {
  if (!process.env.BENCH_TRACE) return async () => {};
  const file = `test-results/${name}.trace.json`;
  await browser.startTracing(page, { path: file, categories: CATEGORIES });
  return async () => {
    await browser.stopTracing();
    console.log(`  trace: bench/${file} (open in DevTools' Performance panel)`);
    const { traceEvents } = JSON.parse(readFileSync(file, "utf8")) as {
      traceEvents: TraceEvent[];
    };
    for (const line of longTaskBreakdown(traceEvents, longMs)) console.log(`    ${line}`);
  };
}

/**
 * The renderer main thread's tasks of at least `longMs`: how many, and the time their
 * direct parts took by name (FunctionCall, UpdateLayoutTree, Layout, Paint, …), with
 * each task's own largest part.
 */
export function longTaskBreakdown(events: TraceEvent[], longMs: number): string[] {
  const main = events.find((e) => e.ph === "M" && e.args?.name === "CrRendererMain");
  if (!main) return ["no renderer main thread in the trace"];
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur)
    .sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === "RunTask" && (e.dur ?? 0) >= longMs * 1000);
  const parts = new Map<string, number>();
  const lines: string[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    // Direct parts: events not inside another event of this task.
    let coveredUntil = 0;
    const own = new Map<string, number>();
    for (const e of inside) {
      if (e.ts < coveredUntil) continue;
      coveredUntil = e.ts + (e.dur ?? 0);
      own.set(e.name, (own.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    for (const [k, v] of own) parts.set(k, (parts.get(k) ?? 0) + v);
    const top = [...own.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
    lines.push(
      `task ${((task.dur ?? 0) / 1000).toFixed(1)} ms: ${top.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", ")}`,
    );
  }
  const total = [...parts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  return [
    `${tasks.length} tasks ≥ ${longMs} ms on the main thread; their parts: ${total.map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(", ")}`,
    ...lines.slice(0, 30),
  ];
}
