// `pnpm bench:fetch-body`: what a fetch's body costs the page's main thread, with and
// without Chromium's DevTools network instrumentation (the Network domain, which
// Playwright turns on for every page it drives, so every bench:web* run pays it).
// 96 PUTs of 1 MiB to a local server from a page, three in flight, the body a Blob
// slice, a Uint8Array, or a string of 1.4 MB (a chunk's Base64 in JSON); long tasks
// (PerformanceObserver) and wall time, first in Chromium driven by Playwright, then in
// the same Chromium driven over raw CDP with only Runtime enabled.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import WebSocket from "ws";
import { chromiumLaunch } from "../../e2e/chromium-launch";

const BODIES = ["blob", "bytes", "string"] as const;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 2);

const server = createServer((req, res) => {
  if (req.method === "PUT") {
    req.resume();
    req.on("end", () => res.end());
    return;
  }
  res.setHeader("content-type", "text/html");
  res.end("<!doctype html><title>fetch body</title>");
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

/** The page's script for one body kind: answers a JSON line of its figures. */
const script = (as: string) => `(async () => {
  const tasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) tasks.push(e.duration); })
    .observe({ type: "longtask" });
  const MiB = 1048576;
  const data = new Uint8Array(96 * MiB);
  for (let at = 0; at < data.length; at += 65536) crypto.getRandomValues(data.subarray(at, at + 65536));
  const blob = new Blob([data]);
  const text = JSON.stringify({ data: "A".repeat(Math.ceil(MiB / 3) * 4) });
  await new Promise((r) => setTimeout(r, 500));
  const body = (i) =>
    ${JSON.stringify(as)} === "blob" ? blob.slice(i * MiB, (i + 1) * MiB)
    : ${JSON.stringify(as)} === "bytes" ? data.slice(i * MiB, (i + 1) * MiB)
    : text;
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < 96; i = next++) await fetch("/put/" + i, { method: "PUT", body: body(i) });
  };
  await Promise.all([worker(), worker(), worker()]);
  const ms = performance.now() - start;
  await new Promise((r) => setTimeout(r, 200));
  return JSON.stringify({ ms: Math.round(ms), longTasks: tasks.length,
    totalMs: Math.round(tasks.reduce((a, b) => a + b, 0)) });
})()`;

const results: { driver: string; body: string; ms: number; longTasks: number; totalMs: number }[] =
  [];

const browser = await chromium.launch(chromiumLaunch);
try {
  const page = await browser.newPage();
  await page.goto(origin);
  for (let round = 0; round < ROUNDS; round++)
    for (const body of BODIES)
      results.push({
        driver: "Playwright",
        body,
        ...JSON.parse(await page.evaluate(script(body))),
      });
} finally {
  await browser.close();
}

const profile = path.join(tmpdir(), `fetch-body-${process.pid}`);
const chrome = spawn(
  chromiumLaunch.executablePath,
  [
    ...chromiumLaunch.args,
    "--headless",
    "--remote-debugging-port=0",
    `--user-data-dir=${profile}`,
    origin,
  ],
  { stdio: ["ignore", "ignore", "pipe"] },
);
try {
  const browserWs = await new Promise<string>((resolve, reject) => {
    let said = "";
    chrome.stderr?.on("data", (d) => {
      said += d;
      const found = said.match(/DevTools listening on (ws:\/\/\S+)/);
      if (found) resolve(found[1] as string);
    });
    chrome.once("exit", (code) => reject(new Error(`Chromium ended (${code})`)));
  });
  const http = browserWs.replace(/^ws:\/\/([^/]+)\/.*$/, "http://$1");
  interface Target {
    type: string;
    url: string;
    webSocketDebuggerUrl: string;
  }
  let target: Target | undefined;
  for (let tries = 0; !target && tries < 50; tries++) {
    await new Promise((r) => setTimeout(r, 200));
    const list = (await (await fetch(`${http}/json/list`)).json()) as Target[];
    target = list.find((t) => t.type === "page" && t.url.startsWith(origin));
  }
  if (!target) throw new Error("no page at the local server");
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve) => ws.once("open", resolve));
  let id = 0;
  const waiting = new Map<number, (answer: unknown) => void>();
  ws.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  const evaluate = (expression: string) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const at = ++id;
      waiting.set(at, resolve as (answer: unknown) => void);
      ws.send(
        JSON.stringify({
          id: at,
          method: "Runtime.evaluate",
          params: { expression, awaitPromise: true, returnByValue: true },
        }),
      );
    });
  for (let round = 0; round < ROUNDS; round++)
    for (const body of BODIES) {
      const answer = await evaluate(script(body));
      const value = answer.result?.result?.value;
      if (!value) throw new Error(`no answer: ${JSON.stringify(answer)}`);
      results.push({ driver: "raw CDP, no Network domain", body, ...JSON.parse(value) });
    }
  ws.close();
} finally {
  const exited = new Promise((resolve) => chrome.once("exit", resolve));
  chrome.kill("SIGTERM");
  await exited;
  rmSync(profile, { recursive: true, force: true });
  server.close();
}

const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(" / ");
console.log(`\n96 PUTs of 1 MiB, three in flight, ${ROUNDS} rounds each, load average ${load}\n`);
console.log("| driver | body | each round: ms, long tasks, their total ms |");
console.log("|---|---|---|");
for (const driver of ["Playwright", "raw CDP, no Network domain"])
  for (const body of BODIES) {
    const rounds = results.filter((r) => r.driver === driver && r.body === body);
    const each = rounds.map((r) => `${r.ms} ms, ${r.longTasks}, ${r.totalMs} ms`).join("; ");
    console.log(`| ${driver} | ${body} | ${each} |`);
  }
