// BENCH_PROFILE=1: a V8 CPU profile of part of a bench run (Chromium's Profiler over
// CDP), written for DevTools, with the functions that took the most time printed.
import { writeFileSync } from "node:fs";
import type { CDPSession, Page } from "@playwright/test";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Starts a profile when BENCH_PROFILE is set; the returned stop writes and summarises it. */
export async function profileIfAsked(
  page: Page,
  name: string,
  asked = Boolean(process.env.BENCH_PROFILE),
): Promise<() => Promise<void>> {
  if (!asked) return async () => {};
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
  await cdp.send("Profiler.start");
  return async () => {
    const { profile } = await cdp.send("Profiler.stop");
    const file = `test-results/${name}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  CPU profile: bench/${file}`);
    for (const line of selfTimes(profile as unknown as Profile, 20)) console.log(`    ${line}`);
  };
}

/** The `top` functions by self time (ms and share of the profile), one line each. */
export function selfTimes(profile: Profile, top: number): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((id, i) => {
    const node = byNode.get(id);
    const dt = (deltas[i] ?? 0) / 1000;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split("/").pop() ?? "";
    const key = `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`;
    ms.set(key, (ms.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...ms.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([key, t]) =>
        `${t.toFixed(0).padStart(7)} ms ${((t / total) * 100).toFixed(1).padStart(5)} %  ${key}`,
    );
}
