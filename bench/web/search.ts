// `pnpm bench:search`: the full-text index the web app keeps in its worker
// (apps/web/vault/search/search-index.ts), in Node, over the bench:web seed's notes
// (a title, two tags, ~1 KiB of words each): build time, then each query as the
// person types it, medians and worst of BENCH_ROUNDS rounds. Runs in seconds, so a
// change to the index can be measured alone before `pnpm bench:web` runs the browser.
//   BENCH_NOTES=100000 BENCH_ROUNDS=7 pnpm bench:search
// Then a first sync as the worker sees it: titles from the metadata pages, then bodies.
import { performance } from "node:perf_hooks";
import { SearchIndex } from "../../apps/web/vault/search/search-index";
import { prose } from "../../e2e/fixtures/seed";

const NOTES = Number(process.env.BENCH_NOTES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** bench:web's queries (web.ts), every prefix of them as typed, and a one-letter one. */
const QUERIES = ["apple", "river sto", "note1234", "zzz", "a", "m"];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const index = new SearchIndex();
const built = performance.now();
for (let i = 0; i < NOTES; i++)
  index.upsert({
    id: `n${i}`,
    title: `Note ${i}`,
    tags: ["bench", `t${i % 50}`],
    body: prose(1000, i),
    stamp: "",
  });
console.log(
  `${NOTES.toLocaleString()} notes indexed in ${Math.round(performance.now() - built)} ms`,
);

// The worker's first query runs its code cold (bench:web asks a probe first too).
const cold = performance.now();
index.query("warm");
console.log(`first query, code cold: ${(performance.now() - cold).toFixed(1)} ms`);

const typed = QUERIES.flatMap((q) => [...q].map((_, i) => q.slice(0, i + 1)));
const times = new Map<string, number[]>(typed.map((q) => [q, []]));
for (let round = 0; round < ROUNDS; round++)
  for (const q of typed) {
    const start = performance.now();
    index.query(q);
    times.get(q)?.push(performance.now() - start);
  }
let worst = 0;
for (const q of QUERIES) {
  const ms = times.get(q) ?? [];
  const { total, capped } = index.search(q);
  console.log(
    `${JSON.stringify(q).padEnd(12)} ${String(total).padStart(7)}${capped ? "+" : " "} matches   median ${median(ms).toFixed(1).padStart(6)} ms   worst ${Math.max(
      ...ms,
    )
      .toFixed(1)
      .padStart(6)} ms`,
  );
}
let worstQuery = "";
for (const [q, ms] of times) if (median(ms) > worst) [worst, worstQuery] = [median(ms), q];
console.log(
  `worst median over every prefix typed: ${worst.toFixed(1)} ms (${JSON.stringify(worstQuery)}) (target ≤ 50 in the app, worker round trip included)`,
);

// A first sync as the worker sees it (issue 35): every note listed first, its title and
// tags indexed from the metadata pages, then each note indexed again with its body, in
// the sync's batches of 500. Indexing again replaces what the title left.
const BATCH = 500;
const synced = new SearchIndex();
const doc = (i: number, body: string) => ({
  id: `n${i}`,
  title: `Note ${i}`,
  tags: ["bench", `t${i % 50}`],
  body,
  stamp: body ? "" : "metadata only",
});
const batches = (body: (i: number) => string) => {
  const started = performance.now();
  for (let from = 0; from < NOTES; from += BATCH) {
    const docs = [];
    for (let i = from; i < Math.min(NOTES, from + BATCH); i++) docs.push(doc(i, body(i)));
    synced.upsertMany(docs);
  }
  return performance.now() - started;
};
const titles = batches(() => "");
const bodies = batches((i) => prose(1000, i));
console.log(
  `first sync: titles of ${NOTES.toLocaleString()} notes indexed in ${Math.round(titles)} ms, then their bodies in ${Math.round(bodies)} ms (${((bodies * 1000) / NOTES).toFixed(0)} µs a note), batches of ${BATCH}`,
);
