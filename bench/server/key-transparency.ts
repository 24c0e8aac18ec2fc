// pnpm bench:kt — key transparency at scale (issue 34), in one process: the VRF, the
// prefix tree of BENCH_KT_ACCOUNTS bindings (default 100,000; 1,000,000 works in ~2 GB),
// a steady epoch of BENCH_KT_CHANGES changed bindings (default 1,000), and a look-up as
// the SDK makes it: the server's proof, then the client's checks (VRF proof, inclusion,
// head signature and one witness cosignature). The epoch job with the database around it
// is measured by BENCH_KT_DB=1 (an embedded database: accounts inserted, one epoch run).
import { randomBytes } from "node:crypto";
import {
  bindingCommitment,
  cosignHead,
  headLogLeaf,
  headToJson,
  LogFrontier,
  lookupProofToJson,
  PrefixTree,
  publicKeyOf,
  signHead,
  verifyLookup,
  verifySignedHead,
  vrfInput,
  vrfProve,
  vrfPublicKey,
} from "@notes/keytrans";

const N = Number(process.env.BENCH_KT_ACCOUNTS ?? 100_000);
const CHANGES = Number(process.env.BENCH_KT_CHANGES ?? 1_000);
const LOOKUPS = Number(process.env.BENCH_KT_LOOKUPS ?? 1_000);
const vrfSecret = new Uint8Array(randomBytes(32));
const headSecret = new Uint8Array(randomBytes(32));
const witnessSecret = new Uint8Array(randomBytes(32));

const ms = (t0: number) => performance.now() - t0;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
const uuid = () => {
  const h = randomBytes(16).toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

// The VRF per account (the backfill's dominant cost): timed on a sample.
const sampleIds = Array.from({ length: 500 }, uuid);
let t0 = performance.now();
for (const id of sampleIds) vrfProve(vrfSecret, vrfInput(id));
const vrfMs = ms(t0) / sampleIds.length;

// The tree of N bindings. Indices of the accounts looked up are real VRF outputs; the
// others are random 32-byte strings, as VRF outputs are to anyone without the key.
const looked = Array.from({ length: LOOKUPS }, () => {
  const accountId = uuid();
  const { proof, output } = vrfProve(vrfSecret, vrfInput(accountId));
  const opening = new Uint8Array(randomBytes(16));
  const binding = {
    version: 1,
    prev: new Uint8Array(32),
    publicKey: new Uint8Array(randomBytes(32)),
    signingPublicKey: new Uint8Array(randomBytes(32)),
  };
  return {
    accountId,
    vrfProof: proof,
    index: output.slice(0, 32),
    opening,
    binding,
    commitment: bindingCommitment(accountId, opening, binding),
  };
});
const entries: { index: Uint8Array; commitment: Uint8Array }[] = Array.from(
  { length: N - LOOKUPS },
  () => ({
    index: new Uint8Array(randomBytes(32)),
    commitment: new Uint8Array(randomBytes(32)),
  }),
);
for (const l of looked) entries.push({ index: l.index, commitment: l.commitment });
const heapBefore = process.memoryUsage().heapUsed;
t0 = performance.now();
let tree = PrefixTree.empty().with(entries);
const buildMs = ms(t0);
const heapTree = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

// A steady epoch: CHANGES bindings set on the tree of N, the head signed over a year of
// one-minute epochs in the log (525,600 leaves), cosigned.
const changes = Array.from({ length: CHANGES }, () => ({
  index: new Uint8Array(randomBytes(32)),
  commitment: new Uint8Array(randomBytes(32)),
}));
const frontier = new LogFrontier();
for (let i = 0; i < 525_599; i++) frontier.push(new Uint8Array(randomBytes(32)));
t0 = performance.now();
tree = tree.with(changes);
const treeEpochMs = ms(t0);
t0 = performance.now();
const unsigned = {
  epoch: frontier.size + 1,
  timestamp: Date.now(),
  treeRoot: tree.root,
  headPublicKey: publicKeyOf(headSecret),
  vrfPublicKey: vrfPublicKey(vrfSecret),
};
const log = frontier.clone();
log.push(headLogLeaf(unsigned));
const withLog = { ...unsigned, logRoot: log.root() };
const head = {
  ...withLog,
  signature: signHead(headSecret, withLog),
  cosignatures: [
    { witness: publicKeyOf(witnessSecret), signature: cosignHead(witnessSecret, withLog) },
  ],
};
const headMs = ms(t0);

// Look-ups: the server's proof (tree walk) and the client's checks, each timed.
const policy = { witnesses: [publicKeyOf(witnessSecret)], threshold: 1 };
const serverTimes: number[] = [];
const clientTimes: number[] = [];
let proofBytes = 0;
let siblings = 0;
for (const l of looked) {
  let t = performance.now();
  const path = tree.prove(l.index).siblings;
  const proof = {
    epoch: head.epoch,
    vrfProof: l.vrfProof,
    opening: l.opening,
    binding: l.binding,
    siblings: path,
  };
  const wire = JSON.stringify(lookupProofToJson(proof));
  serverTimes.push(ms(t));
  proofBytes += wire.length;
  siblings += path.length;
  t = performance.now();
  verifySignedHead(head, policy);
  verifyLookup(head, l.accountId, proof);
  clientTimes.push(ms(t));
}
serverTimes.sort((a, b) => a - b);
clientTimes.sort((a, b) => a - b);

const round = (n: number, d = 2) => Number(n.toFixed(d));
console.log(
  JSON.stringify(
    {
      accounts: N,
      vrfProveMsPerAccount: round(vrfMs, 3),
      backfillVrfSecondsExtrapolated: round((vrfMs * N) / 1000, 1),
      treeBuildSeconds: round(buildMs / 1000, 2),
      treeHeapMiB: round(heapTree, 0),
      steadyEpoch: {
        changes: CHANGES,
        treeMs: round(treeEpochMs, 1),
        headAndLogRootMs: round(headMs, 1),
        logLeaves: log.size,
      },
      lookup: {
        serverProofMs: {
          p50: round(quantile(serverTimes, 0.5), 3),
          p99: round(quantile(serverTimes, 0.99), 3),
        },
        clientVerifyMs: {
          p50: round(quantile(clientTimes, 0.5), 2),
          p99: round(quantile(clientTimes, 0.99), 2),
        },
        proofJsonBytes: Math.round(proofBytes / looked.length),
        siblingsAverage: round(siblings / looked.length, 1),
      },
      headJsonBytes: JSON.stringify(headToJson(head)).length,
    },
    null,
    2,
  ),
);

if (process.env.BENCH_KT_DB === "1") {
  const { benchEpochJob } = await import("./key-transparency-db");
  console.log(JSON.stringify({ epochJob: await benchEpochJob() }, null, 2));
}
