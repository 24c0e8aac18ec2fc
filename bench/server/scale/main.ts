// `pnpm bench:scale` (`pnpm --filter @notes/bench bench:scale`): scale-out on one machine. Three app
// instances and two sidecars on one Postgres database (deployment.ts); appends/s
// through one instance against three, feed latency from a write through instance A
// to a socket held by sidecar 2, and the ceiling of Postgres NOTIFY as the event
// path. Each measurement runs three times; the one-minute load average is printed
// beside each, since the machine is shared. Figures go to docs/scaling.md by hand.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_SECONDS=5  BENCH_WRITERS=30
import { loadavg } from "node:os";
import { writer } from "./accounts";
import { appendRun } from "./appends";
import { startDeployment } from "./deployment";
import { feedLatency } from "./feed-latency";
import { ceilingOf, notifyCeiling } from "./notify-ceiling";

const CLUSTER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 30);
const RUNS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const load1 = () => loadavg()[0]!.toFixed(2);
const ms = (n: number) => n.toFixed(1);

async function main() {
  const deployment = await startDeployment(CLUSTER);
  const [a, b] = deployment.instances as [string, string, string];
  try {
    const writers = [];
    for (let i = 0; i < WRITERS; i += 10)
      writers.push(...(await Promise.all(Array.from({ length: 10 }, () => writer(a)))));
    await appendRun(deployment.instances, writers, 1); // warm every instance's caches

    console.log(`\nappends/s, ${WRITERS} writers, ${SECONDS} s a run`);
    console.log("| run | one instance | load avg | three instances | load avg | three / one |");
    console.log("|---|---|---|---|---|---|");
    const ones: number[] = [];
    const threes: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const oneLoad = load1();
      const one = await appendRun([a], writers, SECONDS);
      const threeLoad = load1();
      const three = await appendRun(deployment.instances, writers, SECONDS);
      ones.push(one.perSecond);
      threes.push(three.perSecond);
      console.log(
        `| ${run} | ${one.perSecond.toFixed(0)} (p50 ${ms(one.p50)} ms, ${one.errors} errors) | ${oneLoad} | ` +
          `${three.perSecond.toFixed(0)} (p50 ${ms(three.p50)} ms, ${three.errors} errors) | ${threeLoad} | ` +
          `${(three.perSecond / one.perSecond).toFixed(2)} |`,
      );
    }
    console.log(
      `median: one ${median(ones).toFixed(0)}/s, three ${median(threes).toFixed(0)}/s, ratio ${(median(threes) / median(ones)).toFixed(2)}`,
    );

    console.log("\nfeed latency, append through A → event on a socket held by sidecar 2");
    console.log("| run | samples | p50 ms | p95 ms | load avg |");
    console.log("|---|---|---|---|---|");
    const feedWriter = await writer(a);
    const p50s: number[] = [];
    const p95s: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const before = load1();
      const r = await feedLatency(a, b, feedWriter, 50);
      p50s.push(r.p50);
      p95s.push(r.p95);
      console.log(`| ${run} | ${r.samples} | ${ms(r.p50)} | ${ms(r.p95)} | ${before} |`);
    }
    console.log(`median: p50 ${ms(median(p50s))} ms, p95 ${ms(median(p95s))} ms`);

    for (const shape of ["per-transaction", "batched"] as const) {
      console.log(`\nNOTIFY ceiling, ${shape}: events/s heard by two listeners`);
      const ceilings: number[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const before = load1();
        const steps = await notifyCeiling(deployment.databaseUrl, shape);
        const ceiling = ceilingOf(steps);
        ceilings.push(ceiling?.delivered ?? 0);
        console.log(
          `run ${run} (load avg ${before}): ` +
            steps
              .map(
                (s) =>
                  `${s.target}/s → ${s.delivered.toFixed(0)}/s p50 ${ms(s.p50)} p95 ${ms(s.p95)} ms`,
              )
              .join("; ") +
            ` ⇒ ceiling ${ceiling ? `${ceiling.delivered.toFixed(0)}/s` : "below 250/s"}`,
        );
      }
      console.log(`median ceiling, ${shape}: ${median(ceilings).toFixed(0)} events/s`);
    }
    console.log(
      `\nload average at the end: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await deployment.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
