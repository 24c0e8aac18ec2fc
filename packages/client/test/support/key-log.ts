// Test support (not exported): an in-memory key-transparency log as an honest server
// keeps it (packages/keytrans), answering GET /v1/key-transparency/head, …/accounts/{id}
// and …/accounts/{id}/history. The stand-in servers learn into it the keys they answer
// (learn): an account's first keys are logged, and a signing key added to the same
// sharing key, as an honest server logs publications; a different key later is not (that
// is the substitution pins catch). Attack tests drive it by hand: publish, fork, freeze,
// and log a note's roster-chain head (GET …/notes/{id} answers its proof) or an account's
// seen-heads copy (seenHeadsProof answers what GET /v1/account/seen-heads carries).
import {
  bindingCommitment,
  cosignHead,
  fromBase64,
  headLogLeaf,
  headToJson,
  logConsistencyProof,
  logInclusionProof,
  logRoot,
  lookupProofToJson,
  PrefixTree,
  publicKeyOf,
  type RosterHead,
  type RosterProofJson,
  rosterCommitment,
  rosterEntryDigest,
  rosterProofToJson,
  rosterVrfInput,
  type SeenHeadsProofJson,
  type SignedHead,
  seenHeadsCommitment,
  seenHeadsDigest,
  seenHeadsProofToJson,
  seenHeadsVrfInput,
  signHead,
  toBase64,
  vrfInput,
  vrfProve,
  vrfPublicKey,
} from "@notes/keytrans";
import { type ApiClient, createApiClient } from "../../src/api/client";
import { type KeyTransparency, keyTransparencyFor } from "../../src/trust/key-transparency";
import { json } from "./test-fetch";

interface Version {
  version: number;
  epoch: number;
  publicKey?: Uint8Array;
  signingPublicKey?: Uint8Array;
  prev: Uint8Array;
  opening: Uint8Array;
  commitment: Uint8Array;
}

const filled = (n: number, byte: number) => new Uint8Array(n).fill(byte);

export class TestKeyLog {
  readonly vrfSecret = filled(32, 7);
  readonly headSecret = filled(32, 8);
  readonly witnessSecrets: Uint8Array[];
  now: () => number = () => Date.now();
  tree = PrefixTree.empty();
  leaves: Uint8Array[] = [];
  heads: SignedHead[] = [];
  readonly trees: PrefixTree[] = [];
  readonly accounts = new Map<
    string,
    { index: Uint8Array; vrfProof: Uint8Array; versions: Version[] }
  >();
  /** What witnesses posted (POST …/heads/{epoch}/cosignatures). */
  readonly cosignaturesPosted: { epoch: number }[] = [];
  /** Each note's logged roster heads (issue 34, rosters in the log), oldest first. */
  readonly rosters = new Map<
    string,
    {
      index: Uint8Array;
      vrfProof: Uint8Array;
      heads: { epoch: number; head: RosterHead; opening: Uint8Array }[];
    }
  >();
  /** Each account's logged seen-heads copies (issue 33, item 12), oldest first. */
  readonly seenHeads = new Map<
    string,
    { epoch: number; counter: number; digest: Uint8Array; opening: Uint8Array }[]
  >();
  /** When set, GET …/head answers this epoch's head (a server withholding newer ones). */
  frozenAt: number | undefined;

  constructor(options: { witnesses?: Uint8Array[] } = {}) {
    this.witnessSecrets = options.witnesses ?? [];
  }

  get witnessKeys(): Uint8Array[] {
    return this.witnessSecrets.map(publicKeyOf);
  }

  /** Logs a new version of `userId`'s binding and closes an epoch with it. */
  publish(userId: string, keys: { publicKey?: Uint8Array; signingPublicKey?: Uint8Array }): void {
    const id = userId.toLowerCase();
    let account = this.accounts.get(id);
    if (!account) {
      const { proof, output } = vrfProve(this.vrfSecret, vrfInput(id));
      account = { index: output.slice(0, 32), vrfProof: proof, versions: [] };
      this.accounts.set(id, account);
    }
    const last = account.versions.at(-1);
    const opening = filled(16, account.versions.length + 1);
    const binding = {
      version: account.versions.length + 1,
      prev: last?.commitment ?? new Uint8Array(32),
      ...keys,
    };
    const commitment = bindingCommitment(id, opening, binding);
    account.versions.push({ ...binding, epoch: this.heads.length + 1, opening, commitment });
    this.closeEpoch([{ index: account.index, commitment }]);
  }

  /** Logs `noteId`'s roster-chain head (its entry at `chainEpoch`) and closes an epoch. */
  logRoster(noteId: string, chainEpoch: number, entry: Uint8Array): void {
    const id = noteId.toLowerCase();
    let note = this.rosters.get(id);
    if (!note) {
      const { proof, output } = vrfProve(this.vrfSecret, rosterVrfInput(id));
      note = { index: output.slice(0, 32), vrfProof: proof, heads: [] };
      this.rosters.set(id, note);
    }
    const opening = filled(16, 0x40 + note.heads.length);
    const head = { chainEpoch, entryHash: rosterEntryDigest(entry) };
    note.heads.push({ epoch: this.heads.length + 1, head, opening });
    this.closeEpoch([{ index: note.index, commitment: rosterCommitment(id, opening, head) }]);
  }

  /** The proof of `noteId`'s newest logged roster head under the served head, if any. */
  rosterProof(noteId: string): RosterProofJson | undefined {
    const note = this.rosters.get(noteId.toLowerCase());
    const epoch = this.servedEpoch();
    const latest = note?.heads.filter((h) => h.epoch <= epoch).at(-1);
    if (!note || !latest) return undefined;
    return rosterProofToJson({
      epoch,
      vrfProof: note.vrfProof,
      opening: latest.opening,
      head: latest.head,
      siblings: (this.trees[epoch - 1] as PrefixTree).prove(note.index).siblings,
    });
  }

  /** Logs copy `counter` of `accountId`'s sealed seen heads and closes an epoch. */
  logSeenHeads(accountId: string, counter: number, sealed: Uint8Array): void {
    const id = accountId.toLowerCase();
    const leaves = this.seenHeads.get(id) ?? [];
    this.seenHeads.set(id, leaves);
    const opening = filled(16, 0x60 + leaves.length);
    const logged = { counter, digest: seenHeadsDigest(sealed) };
    leaves.push({ epoch: this.heads.length + 1, ...logged, opening });
    const index = vrfProve(this.vrfSecret, seenHeadsVrfInput(id)).output.slice(0, 32);
    this.closeEpoch([{ index, commitment: seenHeadsCommitment(id, opening, logged) }]);
  }

  /** The proof of `accountId`'s newest logged copy under the served head, or of none. */
  seenHeadsProof(accountId: string): SeenHeadsProofJson | undefined {
    const id = accountId.toLowerCase();
    const epoch = this.servedEpoch();
    const tree = this.trees[epoch - 1];
    if (!tree) return undefined;
    const { proof, output } = vrfProve(this.vrfSecret, seenHeadsVrfInput(id));
    const found = tree.prove(output.slice(0, 32));
    const latest = this.seenHeads
      .get(id)
      ?.filter((l) => l.epoch <= epoch)
      .at(-1);
    return seenHeadsProofToJson({
      epoch,
      vrfProof: proof,
      siblings: found.siblings,
      ...(latest
        ? { logged: { counter: latest.counter, digest: latest.digest, opening: latest.opening } }
        : found.leaf && { other: found.leaf }),
    });
  }

  /** Closes an epoch (with `changes`, none by default): tree, log of heads, signed head. */
  closeEpoch(changes: { index: Uint8Array; commitment: Uint8Array }[] = []): SignedHead {
    this.tree = this.tree.with(changes);
    this.trees.push(this.tree);
    return this.appendHead(this.tree.root);
  }

  /** A head over `treeRoot`, signed and cosigned, appended to the log. */
  appendHead(treeRoot: Uint8Array): SignedHead {
    const head = this.signedHead(this.heads.length + 1, treeRoot, this.leaves);
    this.leaves.push(headLogLeaf(head));
    this.heads.push(head);
    return head;
  }

  /** A head for `epoch` over `treeRoot` with the log `before` it: honest or forked. */
  signedHead(epoch: number, treeRoot: Uint8Array, before: Uint8Array[]): SignedHead {
    const unsigned = {
      epoch,
      timestamp: this.now(),
      treeRoot,
      headPublicKey: publicKeyOf(this.headSecret),
      vrfPublicKey: vrfPublicKey(this.vrfSecret),
    };
    const withLog = {
      ...unsigned,
      logRoot: logRoot([...before.slice(0, epoch - 1), headLogLeaf(unsigned)]),
    };
    return {
      ...withLog,
      signature: signHead(this.headSecret, withLog),
      cosignatures: this.witnessSecrets.map((secret) => ({
        witness: publicKeyOf(secret),
        signature: cosignHead(secret, withLog),
      })),
    };
  }

  /** What an honest server logs of keys it answers (see the header). */
  learn(body: unknown): void {
    if (Array.isArray(body)) {
      for (const item of body) this.learn(item);
      return;
    }
    if (!body || typeof body !== "object") return;
    const record = body as Record<string, unknown>;
    if (typeof record.userId === "string" && typeof record.publicKey === "string") {
      const publicKey = fromBase64(record.publicKey);
      const signing =
        typeof record.signingPublicKey === "string"
          ? fromBase64(record.signingPublicKey)
          : undefined;
      const last = this.accounts.get(record.userId.toLowerCase())?.versions.at(-1);
      if (!last)
        this.publish(record.userId, { publicKey, ...(signing && { signingPublicKey: signing }) });
      else if (
        signing &&
        !last.signingPublicKey &&
        last.publicKey &&
        toBase64(last.publicKey) === record.publicKey
      )
        this.publish(record.userId, { publicKey, signingPublicKey: signing });
    }
    for (const value of Object.values(record))
      if (value && typeof value === "object") this.learn(value);
  }

  /** The answer to a key-transparency route, or undefined for any other. */
  answer(method: string, url: string, body?: unknown): Response | undefined {
    const u = new URL(url, "http://x");
    if (!u.pathname.startsWith("/v1/key-transparency/")) return undefined;
    const rest = u.pathname.slice("/v1/key-transparency/".length).split("/");
    if (method === "POST" && rest[0] === "heads" && rest[2] === "cosignatures") {
      this.cosignaturesPosted.push({ epoch: Number(rest[1]), ...(body as object) });
      return new Response(null, { status: 204 });
    }
    if (method !== "GET") return undefined;
    if (rest[0] === "head") return this.headAnswer(u.searchParams.get("since"));
    if (rest[0] === "heads") {
      const after = Number(u.searchParams.get("after") ?? 0);
      const heads = this.heads.slice(after, this.servedEpoch()).map((head) => ({
        head: headToJson(head),
        headInLog: logInclusionProof(head.epoch - 1, this.leaves.slice(0, head.epoch)).map(
          toBase64,
        ),
      }));
      return json({ heads });
    }
    if (rest[0] === "consistency") {
      const from = Number(u.searchParams.get("from"));
      const to = Number(u.searchParams.get("to"));
      return json({ proof: logConsistencyProof(from, this.leaves.slice(0, to)).map(toBase64) });
    }
    if (rest[0] === "notes" && rest[1]) {
      const proof = this.rosterProof(rest[1]);
      return json(proof ? { proof } : {});
    }
    const account =
      rest[0] === "accounts" && rest[1] ? this.accounts.get(rest[1].toLowerCase()) : undefined;
    const epoch = this.servedEpoch();
    const versions = account?.versions.filter((v) => v.epoch <= epoch) ?? [];
    const latest = versions.at(-1);
    if (!account || !latest)
      return json(
        { type: "http://x/problems/user-not-found", title: "not found", status: 404 },
        404,
      );
    if (rest[2] === "history")
      return json({
        versions: versions.map((v) => ({
          version: v.version,
          epoch: v.epoch,
          ...(v.publicKey && { publicKey: toBase64(v.publicKey) }),
          ...(v.signingPublicKey && { signingPublicKey: toBase64(v.signingPublicKey) }),
          prev: toBase64(v.prev),
          opening: toBase64(v.opening),
        })),
      });
    const tree = this.trees[epoch - 1] as PrefixTree;
    return json(
      lookupProofToJson({
        epoch,
        vrfProof: account.vrfProof,
        opening: latest.opening,
        binding: latest,
        siblings: tree.prove(account.index).siblings,
      }),
    );
  }

  servedEpoch(): number {
    return this.frozenAt ?? this.heads.length;
  }

  private headAnswer(since: string | null): Response {
    const epoch = this.servedEpoch();
    const head = this.heads[epoch - 1];
    if (!head)
      return json({ type: "http://x/problems/no-tree-head", title: "no head", status: 404 }, 404);
    const leaves = this.leaves.slice(0, epoch);
    const from = since ? Number(since) : undefined;
    return json({
      head: headToJson(head),
      headInLog: logInclusionProof(epoch - 1, leaves).map(toBase64),
      ...(from !== undefined &&
        from <= epoch && { consistency: logConsistencyProof(from, leaves).map(toBase64) }),
    });
  }
}

/** An API client whose server answers only `log`'s key-transparency routes. */
export function keyLogApi(log: TestKeyLog): ApiClient {
  return createApiClient({
    baseUrl: "http://x",
    fetch: async (url, init) =>
      log.answer(
        init.method ?? "GET",
        url,
        typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      ) ?? json({ title: "no route", status: 404 }, 404),
  });
}

/** The key-transparency checker of `keyLogApi(log)`, with people already logged. */
export function keyLogChecker(
  people: { userId: string; publicKey: Uint8Array; signingPublicKey?: Uint8Array }[],
  log = new TestKeyLog(),
): KeyTransparency {
  for (const p of people) log.publish(p.userId, p);
  return keyTransparencyFor(keyLogApi(log), { waitForLogMs: 0 });
}
