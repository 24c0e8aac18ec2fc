// Writes src/kt-vectors.json: the known answers of docs/key-transparency.md. The VRF
// proofs come from src/vrf.ts (itself checked against RFC 9381's vectors); every other
// byte is laid out here by hand and hashed and signed with node:crypto alone, apart
// from the package's tree code, so the package's tests compare two implementations.
//   pnpm exec tsx packages/keytrans/scripts/kt-vectors.ts
import { createHash, createPrivateKey, sign } from "node:crypto";
import { writeFileSync } from "node:fs";
import { vrfProve, vrfPublicKey } from "../src/vrf";

const sha256 = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const b = (h: string) => Buffer.from(h, "hex");
const ascii = (s: string) => Buffer.from(s, "ascii");
const u32 = (n: number) => {
  const o = Buffer.alloc(4);
  o.writeUInt32BE(n);
  return o;
};
const u64 = (n: number) => {
  const o = Buffer.alloc(8);
  o.writeBigUInt64BE(BigInt(n));
  return o;
};
const uuid = (id: string) => b(id.replaceAll("-", ""));
const ed25519Sign = (seed: Buffer, message: Buffer) =>
  sign(
    null,
    message,
    createPrivateKey({
      key: Buffer.concat([b("302e020100300506032b657004220420"), seed]),
      format: "der",
      type: "pkcs8",
    }),
  );
const ed25519Public = (seed: Buffer) =>
  createPrivateKey({
    key: Buffer.concat([b("302e020100300506032b657004220420"), seed]),
    format: "der",
    type: "pkcs8",
  }).export({ format: "jwk" }).x as string;

const vrfSecret = b("11".repeat(32));
const headSecret = b("22".repeat(32));
const witnessSecret = b("33".repeat(32));
const headPublic = Buffer.from(ed25519Public(headSecret), "base64url");
const witnessPublic = Buffer.from(ed25519Public(witnessSecret), "base64url");
const vrfPublic = Buffer.from(vrfPublicKey(vrfSecret));

interface Entry {
  accountId: string;
  version: number;
  publicKey?: Buffer;
  signingPublicKey?: Buffer;
  prev: Buffer;
  opening: Buffer;
  epoch: number;
}
const A = "0a0a0a0a-0000-4000-8000-00000000000a";
const B = "0b0b0b0b-0000-4000-8000-00000000000b";
const C = "0c0c0c0c-0000-4000-8000-00000000000c";
const commit = (e: Entry) => {
  const flags = (e.publicKey ? 1 : 0) | (e.signingPublicKey ? 2 : 0);
  const value = Buffer.concat([
    u32(e.version),
    Buffer.of(flags),
    e.publicKey ?? Buffer.alloc(32),
    e.signingPublicKey ?? Buffer.alloc(32),
    e.prev,
  ]);
  return {
    value,
    commitment: sha256(ascii("notes/kt/commit/v1"), e.opening, uuid(e.accountId), value),
  };
};
const a1: Entry = {
  accountId: A,
  version: 1,
  publicKey: b("a1".repeat(32)),
  prev: Buffer.alloc(32),
  opening: b("01".repeat(16)),
  epoch: 1,
};
const b1: Entry = {
  accountId: B,
  version: 1,
  publicKey: b("b1".repeat(32)),
  signingPublicKey: b("b2".repeat(32)),
  prev: Buffer.alloc(32),
  opening: b("02".repeat(16)),
  epoch: 1,
};
const a2: Entry = {
  ...a1,
  version: 2,
  signingPublicKey: b("a2".repeat(32)),
  prev: commit(a1).commitment,
  opening: b("03".repeat(16)),
  epoch: 2,
};
const c1: Entry = {
  accountId: C,
  version: 1,
  signingPublicKey: b("c2".repeat(32)),
  prev: Buffer.alloc(32),
  opening: b("04".repeat(16)),
  epoch: 2,
};

const placed = (e: Entry) => {
  const alpha = Buffer.concat([ascii("notes/kt/account/v1"), uuid(e.accountId)]);
  const { proof, output } = vrfProve(vrfSecret, alpha);
  return { alpha, proof: Buffer.from(proof), index: Buffer.from(output.subarray(0, 32)) };
};
const bit = (index: Buffer, d: number) => ((index[d >> 3] as number) >> (7 - (d & 7))) & 1;
type L = { index: Buffer; commitment: Buffer };
// The tree by its definition: a lone leaf is its own subtree; otherwise split on the bit.
const subtree = (leaves: L[], d: number): Buffer => {
  if (leaves.length === 0) return Buffer.alloc(32);
  if (leaves.length === 1)
    return sha256(Buffer.of(0x10), (leaves[0] as L).index, (leaves[0] as L).commitment);
  return sha256(
    Buffer.of(0x11),
    subtree(
      leaves.filter((l) => bit(l.index, d) === 0),
      d + 1,
    ),
    subtree(
      leaves.filter((l) => bit(l.index, d) === 1),
      d + 1,
    ),
  );
};
const siblings = (leaves: L[], index: Buffer, d = 0): Buffer[] => {
  if (leaves.length <= 1) return [];
  const mine = leaves.filter((l) => bit(l.index, d) === bit(index, d));
  const other = leaves.filter((l) => bit(l.index, d) !== bit(index, d));
  return [subtree(other, d + 1), ...siblings(mine, index, d + 1)];
};

const logLeaf = (epoch: number, timestamp: number, root: Buffer) =>
  sha256(Buffer.of(0), u64(epoch), u64(timestamp), root);
const config = sha256(ascii("notes/kt/config/v1"), headPublic, vrfPublic);
const epochs = [
  { epoch: 1, timestamp: 1_800_000_000_000, entries: [a1, b1] },
  { epoch: 2, timestamp: 1_800_000_060_000, entries: [a2, b1, c1] },
];
const leaves = epochs.map((e) =>
  logLeaf(
    e.epoch,
    e.timestamp,
    subtree(
      e.entries.map((x) => ({ index: placed(x).index, commitment: commit(x).commitment })),
      0,
    ),
  ),
);
const logRoots = [
  leaves[0] as Buffer,
  sha256(Buffer.of(1), leaves[0] as Buffer, leaves[1] as Buffer),
];

const out = {
  about:
    "Known answers of docs/key-transparency.md; regenerate with pnpm exec tsx packages/keytrans/scripts/kt-vectors.ts",
  vrfSecretKey: hex(vrfSecret),
  vrfPublicKey: hex(vrfPublic),
  headSecretKey: hex(headSecret),
  headPublicKey: hex(headPublic),
  witnessSecretKey: hex(witnessSecret),
  witnessPublicKey: hex(witnessPublic),
  configDigest: hex(config),
  epochs: epochs.map((e, i) => {
    const tree = e.entries.map((x) => ({
      index: placed(x).index,
      commitment: commit(x).commitment,
    }));
    const treeRoot = subtree(tree, 0);
    const head = Buffer.concat([
      ascii("notes/kt/head/v1"),
      u64(e.epoch),
      u64(e.timestamp),
      treeRoot,
      logRoots[i] as Buffer,
      config,
    ]);
    return {
      epoch: e.epoch,
      timestamp: e.timestamp,
      treeRoot: hex(treeRoot),
      logLeaf: hex(leaves[i] as Buffer),
      logRoot: hex(logRoots[i] as Buffer),
      head: hex(head),
      signature: hex(ed25519Sign(headSecret, head)),
      cosignature: hex(
        ed25519Sign(witnessSecret, Buffer.concat([ascii("notes/kt/cosign/v1"), head])),
      ),
      // RFC 9162: the head's own leaf in its log, and consistency from the epoch before.
      headInLog: i === 0 ? [] : [hex(leaves[0] as Buffer)],
      consistencyFromPrevious: i === 0 ? [] : [hex(leaves[1] as Buffer)],
      bindings: e.entries.map((x) => {
        const p = placed(x);
        const c = commit(x);
        return {
          accountId: x.accountId,
          version: x.version,
          ...(x.publicKey && { publicKey: hex(x.publicKey) }),
          ...(x.signingPublicKey && { signingPublicKey: hex(x.signingPublicKey) }),
          prev: hex(x.prev),
          opening: hex(x.opening),
          loggedAt: x.epoch,
          alpha: hex(p.alpha),
          vrfProof: hex(p.proof),
          index: hex(p.index),
          value: hex(c.value),
          commitment: hex(c.commitment),
          siblings: siblings(tree, p.index).map(hex),
        };
      }),
    };
  }),
};
writeFileSync(
  new URL("../src/kt-vectors.json", import.meta.url),
  `${JSON.stringify(out, null, 2)}\n`,
);
