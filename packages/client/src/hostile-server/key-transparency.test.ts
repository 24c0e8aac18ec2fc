// Issue 34: a key directory the server cannot lie about without being caught. Each test
// runs the SDK against an in-memory server keeping a real key-transparency log
// (test/support/key-log.ts, packages/keytrans), then turns the server hostile. Before key
// transparency, every one of these lies was taken: a first look-up pinned whatever key
// the server answered (trust on first use), and nothing looked at the account's own keys.
import { loadSodium, toBase64 } from "@notes/crypto";
import {
  AuditFailed,
  auditLog,
  headToJson,
  LogReader,
  logRoot,
  Witness,
  type WitnessState,
} from "@notes/keytrans";
import { beforeAll, describe, expect, it } from "vitest";
import { type Person, person } from "../../test/support/hostile-server/sharing-server";
import { TestKeyLog } from "../../test/support/key-log";
import { json } from "../../test/support/test-fetch";
import { fixedSession } from "../../test/support/test-keys";
import { fakeServer } from "../../test/support/test-server";
import { createApiClient } from "../api/client";
import { KeyTransparencyFailed } from "../errors";
import { resolveUser } from "../sharing/resolve-user";
import { MemoryKeyPins } from "../trust/key-pins";
import { type KeyTransparencyWarning, keyTransparencyFor } from "../trust/key-transparency";
import { auditOwnAccount, watchOwnAccount } from "../trust/self-audit";

const WITNESS = new Uint8Array(32).fill(9);
let bob: Person;
let mallory: Person;

beforeAll(async () => {
  await loadSodium();
  bob = await person("b0000000-0000-4000-8000-00000000000b", "bob", 5);
  mallory = await person("ee000000-0000-4000-8000-0000000000ee", "mallory", 66);
});

/** A server whose log holds Bob's real key, cosigned by one witness; `lieToAlice` bends it. */
function directory(lie: { keyForBob?: Uint8Array } = {}) {
  const log = new TestKeyLog({ witnesses: [WITNESS] });
  log.publish(bob.userId, { publicKey: bob.keyPair.publicKey });
  const { fetch } = fakeServer(
    {
      "POST /v1/users:resolve": () =>
        json({
          userId: bob.userId,
          handle: "bob",
          publicKey: toBase64(lie.keyForBob ?? bob.keyPair.publicKey),
        }),
    },
    log,
  );
  return { log, fetch };
}

function client(
  log: TestKeyLog,
  fetch: Parameters<typeof createApiClient>[0]["fetch"],
  now = () => Date.now(),
) {
  const warnings: KeyTransparencyWarning[] = [];
  const api = createApiClient({ baseUrl: "http://x", fetch });
  const kt = keyTransparencyFor(api, {
    witnesses: log.witnessKeys,
    threshold: 1,
    waitForLogMs: 0,
    now,
    onWarning: (w) => warnings.push(w),
  });
  return { api, kt, warnings };
}

const reasonOf = (error: unknown) =>
  error instanceof KeyTransparencyFailed ? error.reason : error;

describe("issue 34: key transparency against a lying server", () => {
  it("a false key for Bob answered to Alice alone is refused by her proof check, and nothing is pinned", async () => {
    const { log, fetch } = directory({ keyForBob: mallory.keyPair.publicKey });
    const { api } = client(log, fetch);
    const pins = new MemoryKeyPins();
    const error = await resolveUser(api, { handle: "bob" }, pins).catch((e: unknown) => e);
    expect(reasonOf(error)).toBe("key-mismatch");
    expect(pins.get(bob.userId)).toBeUndefined();
    // Control: the honest answer is proven and pinned.
    const honest = directory();
    const { api: api2 } = client(honest.log, honest.fetch);
    const found = await resolveUser(api2, { handle: "bob" }, pins);
    expect(found.publicKey).toEqual(bob.keyPair.publicKey);
    expect(pins.get(bob.userId)?.publicKey).toEqual(bob.keyPair.publicKey);
  });

  it("a tree forged for Alice alone (the false key included) lacks the witness's cosignature", async () => {
    const { log } = directory({ keyForBob: mallory.keyPair.publicKey });
    // The server forks: a second log where Bob's binding holds Mallory's key, signed by
    // the server but never shown to the witness, which cosigns one head per epoch.
    const forked = new TestKeyLog();
    forked.publish(bob.userId, { publicKey: mallory.keyPair.publicKey });
    const forkedFetch = fakeServer(
      {
        "POST /v1/users:resolve": () =>
          json({
            userId: bob.userId,
            handle: "bob",
            publicKey: toBase64(mallory.keyPair.publicKey),
          }),
      },
      forked,
    ).fetch;
    const { api } = client(log, forkedFetch);
    const pins = new MemoryKeyPins();
    const error = await resolveUser(api, { handle: "bob" }, pins).catch((e: unknown) => e);
    expect(reasonOf(error)).toBe("too-few-cosignatures");
    expect(pins.get(bob.userId)).toBeUndefined();
  });

  it("a forked log (two heads for one epoch) is noticed when two collaborators compare heads", async () => {
    const { log, fetch } = directory();
    const alice = client(log, fetch);
    await alice.kt.refreshHead();
    // The head the server showed Bob for the same epoch: another tree, signed and (the
    // witness colluding) cosigned, so each alone accepts it.
    const epoch = log.heads.length;
    const forkedHead = log.signedHead(epoch, new Uint8Array(32).fill(1), log.leaves);
    const error = await alice.kt.compareHead(headToJson(forkedHead)).catch((e: unknown) => e);
    expect(reasonOf(error)).toBe("fork");
    expect(alice.warnings).toContainEqual(expect.objectContaining({ kind: "log", reason: "fork" }));
    // An older head from the fork does not extend the log Alice follows either.
    log.closeEpoch();
    await alice.kt.refreshHead();
    const older = await alice.kt.compareHead(headToJson(forkedHead)).catch((e: unknown) => e);
    expect(reasonOf(older)).toBe("inconsistent");
    // Control: Bob's honest head of that epoch compares clean.
    await alice.kt.compareHead(headToJson(log.heads[epoch - 1] as never));
  });

  it("a log that rewrites its past is refused when the next head is fetched", async () => {
    const { log, fetch } = directory();
    const alice = client(log, fetch);
    await alice.kt.refreshHead();
    // The server drops Bob's epoch and serves a history without it.
    log.leaves = [];
    log.heads = [];
    log.closeEpoch();
    log.closeEpoch();
    const error = await alice.kt.refreshHead().catch((e: unknown) => e);
    expect(reasonOf(error)).toBe("inconsistent");
    expect(logRoot(log.leaves)).toEqual(log.heads[1]?.logRoot);
  });

  it("a key the account never published is shown by its own device within one epoch", async () => {
    const session = await fixedSession();
    const log = new TestKeyLog({ witnesses: [WITNESS] });
    log.publish(session.account.id, {
      publicKey: session.keyPair.publicKey,
      signingPublicKey: session.signingKeyPair.publicKey,
    });
    const { fetch } = fakeServer({}, log);
    const alice = client(log, fetch);
    expect(await auditOwnAccount(alice.kt, alice.api, session)).toMatchObject({ status: "ok" });
    const results: string[] = [];
    const stop = watchOwnAccount(alice.kt, alice.api, session, {
      intervalMs: 60_000,
      onResult: (r) => results.push(r.status),
    });
    // The server binds a signing key of its own to Alice's account.
    log.publish(session.account.id, {
      publicKey: session.keyPair.publicKey,
      signingPublicKey: mallory.keyPair.publicKey,
    });
    await alice.kt.refreshHead(); // the next epoch this device sees
    await expect.poll(() => results.at(-1)).toBe("failed");
    stop();
    expect(alice.warnings).toContainEqual(
      expect.objectContaining({ kind: "self-audit", reason: "foreign-key", epoch: 2 }),
    );
  });

  it("a sharing key swapped and swapped back before the device looks is still caught in the history", async () => {
    const session = await fixedSession();
    const log = new TestKeyLog({ witnesses: [WITNESS] });
    const own = {
      publicKey: session.keyPair.publicKey,
      signingPublicKey: session.signingKeyPair.publicKey,
    };
    log.publish(session.account.id, own);
    log.publish(session.account.id, { ...own, publicKey: mallory.keyPair.publicKey });
    log.publish(session.account.id, own);
    const alice = client(log, fakeServer({}, log).fetch);
    expect(await auditOwnAccount(alice.kt, alice.api, session)).toMatchObject({
      status: "failed",
      warning: { reason: "foreign-key" },
    });
  });

  it("heads withheld past the freezing bound are refused, and the person is told", async () => {
    let clock = Date.now();
    const { log, fetch } = directory();
    log.now = () => clock;
    const alice = client(log, fetch, () => clock);
    await alice.kt.refreshHead();
    log.frozenAt = log.heads.length; // the server stops showing new heads
    clock += 31 * 60_000;
    log.closeEpoch();
    const error = await alice.kt.refreshHead().catch((e: unknown) => e);
    expect(reasonOf(error)).toBe("stale");
    expect(alice.warnings).toContainEqual(
      expect.objectContaining({ kind: "stale", boundMs: 30 * 60_000 }),
    );
    const pins = new MemoryKeyPins();
    const lookup = await resolveUser(alice.api, { handle: "bob" }, pins).catch((e: unknown) => e);
    expect(reasonOf(lookup)).toBe("stale");
    expect(pins.get(bob.userId)).toBeUndefined();
  });
});

describe("issue 34: the witness", () => {
  const reader = (log: TestKeyLog) =>
    new LogReader("http://x", async (url, init) => {
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      return log.answer(init?.method ?? "GET", url, body) ?? json({ status: 404 }, 404);
    });

  it("cosigns each head that extends the last, and refuses a fork, keeping the evidence", async () => {
    const log = new TestKeyLog();
    log.publish(bob.userId, { publicKey: bob.keyPair.publicKey });
    let state: WitnessState = {};
    const witness = new Witness(WITNESS, reader(log), state, (s) => {
      state = s;
    });
    expect(await witness.step()).toEqual({ cosigned: [1] });
    log.closeEpoch();
    expect(await witness.step()).toEqual({ cosigned: [2] });
    expect(log.cosignaturesPosted.map((c) => c.epoch)).toEqual([1, 2]);
    // The server rewrites epoch 2 onwards (a fork) and shows the witness epoch 3 of it.
    log.leaves = log.leaves.slice(0, 1);
    log.heads = log.heads.slice(0, 1);
    log.appendHead(new Uint8Array(32).fill(1));
    log.closeEpoch();
    const step = await witness.step();
    expect(step.cosigned).toEqual([]);
    expect(step.refused?.reason).toBe("inconsistent");
    expect(state.last?.epoch).toBe(2);
    expect(state.evidence).toEqual([expect.objectContaining({ reason: "inconsistent", at: 3 })]);
    expect(log.cosignaturesPosted).toHaveLength(2);
  });

  it("lets the auditor replay a log from its first epoch", async () => {
    const log = new TestKeyLog();
    log.publish(bob.userId, { publicKey: bob.keyPair.publicKey });
    log.closeEpoch();
    const fetchLike = async (url: string) => {
      const u = new URL(url);
      if (u.pathname.startsWith("/v1/key-transparency/epochs/")) {
        const epoch = Number(u.pathname.split("/")[4]);
        const account = log.accounts.get(bob.userId) as {
          index: Uint8Array;
          versions: { epoch: number; commitment: Uint8Array }[];
        };
        const set = account.versions.filter((v) => v.epoch === epoch);
        return json({
          changes: set.map((v) => ({
            index: toBase64(account.index),
            commitment: toBase64(v.commitment),
          })),
        });
      }
      return log.answer("GET", url) ?? json({ status: 404 }, 404);
    };
    const report = await auditLog(new LogReader("http://x", fetchLike));
    expect(report).toMatchObject({ epochs: 2, leaves: 1 });
    // A head whose tree does not match the changes published for it fails the audit.
    log.appendHead(new Uint8Array(32).fill(3));
    await expect(auditLog(new LogReader("http://x", fetchLike))).rejects.toBeInstanceOf(
      AuditFailed,
    );
  });
});
