// Key transparency over real HTTP (issue 34): a publication is logged at the next
// epoch, with an inclusion proof that verifies under the signed head (packages/keytrans,
// the checks the SDK makes); heads extend each other; the account's own history is its
// own; cosignatures come only from named witnesses, and with a witness required a head
// is served only once cosigned; the auditor replays the whole log.

import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  auditLog,
  cosignHead,
  fromBase64,
  LogReader,
  parseHashes,
  parseHead,
  parseLookupProof,
  publicKeyOf,
  toBase64,
  verifyHeadExtends,
  verifyHeadInLog,
  verifyLookup,
  verifySignedHead,
  Witness,
  type WitnessState,
} from "@notes/keytrans";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import { afterAll, describe, expect, it } from "vitest";
import { key32, type SignedUp, signUp } from "./support/accounts";
import { baseUrl, Client, expectProblem, randomIp } from "./support/api";
import {
  AUDIT_TIMEOUT_MS,
  eventually,
  headOfEpoch,
  type PublishedHead,
} from "./support/key-transparency";
import { blob, newNote } from "./support/notes";
import { rosterWithProofs, setMembers, sharer } from "./support/sharing";

type Published = PublishedHead;

async function publish(user: SignedUp, signing = false) {
  const keypair = {
    publicKey: blob(32),
    wrappedPrivateKey: blob(72),
    authKey: user.credentials.authKey,
  };
  expect(
    (await user.client.call("PUT", "/v1/keypair", { token: user.token, body: keypair })).status,
  ).toBe(204);
  if (!signing) return { publicKey: keypair.publicKey };
  const signingPublicKey = key32();
  const body = { signingPublicKey, authKey: user.credentials.authKey };
  expect(
    (await user.client.call("PUT", "/v1/keypair/signing-key", { token: user.token, body })).status,
  ).toBe(204);
  return { publicKey: keypair.publicKey, signingPublicKey };
}

const proofOf = (user: SignedUp, id = user.accountId) =>
  user.client.call("GET", `/v1/key-transparency/accounts/${id}`, { token: user.token });

async function headAt(client: Client, since?: number): Promise<Published> {
  const res = await client.call<Published>(
    "GET",
    `/v1/key-transparency/head${since ? `?since=${since}` : ""}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe("key transparency", () => {
  it("logs a publication at the next epoch with a proof that verifies under the signed head", async () => {
    const alice = await signUp();
    const keys = await publish(alice, true);
    const proof = await eventually(async () => {
      const res = await proofOf(alice);
      if (res.status === 404) return undefined;
      const body = res.body as { publicKey?: string; signingPublicKey?: string };
      return body.signingPublicKey ? res.body : undefined;
    });
    const parsed = parseLookupProof(proof as never);
    // Checked under the head of the proof's own epoch (support/key-transparency.ts).
    const current = parseLookupProof((await proofOf(alice)).body as never);
    expect(current.epoch).toBeGreaterThanOrEqual(parsed.epoch);
    const published = await headOfEpoch(alice.client, current.epoch);
    const head = parseHead(published.head);
    verifySignedHead(head, { witnesses: [], threshold: 0 });
    verifyHeadInLog(head, parseHashes(published.headInLog, "headInLog"));
    const binding = verifyLookup(head, alice.accountId, current);
    expect(toBase64(binding.publicKey as Uint8Array)).toBe(keys.publicKey);
    expect(toBase64(binding.signingPublicKey as Uint8Array)).toBe(keys.signingPublicKey);
    // users:resolve carries the same proof, for exactly the keys it answers.
    const bob = await signUp();
    const resolved = await bob.client.call("POST", "/v1/users:resolve", {
      token: bob.token,
      body: { handle: alice.credentials.identifier },
    });
    expect(resolved.status, resolved.text).toBe(200);
    const carried = parseLookupProof(resolved.body.keyTransparency as never);
    expect(carried.binding.publicKey).toEqual(fromBase64(keys.publicKey));
    expect(carried.binding.version).toBeGreaterThanOrEqual(1);
  });

  it("lists each roster member's keys with their proof, once logged", async () => {
    const [owner, guest] = [await sharer("kt"), await sharer("kt")];
    const note = await newNote(owner);
    await setMembers(owner, note.id, [{ userId: guest.accountId, role: "viewer" }]);
    // One answer's proofs are of one epoch, checked under that epoch's head.
    const members = await eventually(async () => {
      const res = await rosterWithProofs(guest, note.id);
      const all = res.body.members as { userId: string; keyTransparency?: unknown }[];
      return all.every((m) => m.keyTransparency) ? all : undefined;
    });
    const epochs = members.map((m) => parseLookupProof(m.keyTransparency as never).epoch);
    expect(new Set(epochs).size).toBe(1);
    const head = parseHead((await headOfEpoch(guest.client, epochs[0] as number)).head);
    for (const m of members)
      verifyLookup(head, m.userId, parseLookupProof(m.keyTransparency as never));
    expect(members.map((m) => m.userId)).toEqual([owner.accountId, guest.accountId]);
  });

  it("answers heads that extend the ones before, by RFC 9162 consistency", async () => {
    const client = new Client();
    const first = await headAt(client);
    const next = await eventually(async () => {
      const p = await headAt(client, first.head.epoch);
      return p.head.epoch > first.head.epoch ? p : undefined;
    });
    verifyHeadExtends(
      parseHead(first.head),
      parseHead(next.head),
      parseHashes(next.consistency, "consistency"),
    );
    const between = await client.call<{ proof: string[] }>(
      "GET",
      `/v1/key-transparency/consistency?from=${first.head.epoch}&to=${next.head.epoch}`,
    );
    expect(between.body.proof).toEqual(next.consistency);
    const changes = await client.call<{ changes: unknown[] }>(
      "GET",
      `/v1/key-transparency/epochs/${next.head.epoch}/changes`,
    );
    expect(changes.status).toBe(200);
    expect(Array.isArray(changes.body.changes)).toBe(true);
  });

  it("shows an account's history to itself only, chained version to version", async () => {
    const alice = await signUp();
    await publish(alice, false);
    await eventually(async () => ((await proofOf(alice)).status === 200 ? true : undefined));
    const own = await alice.client.call<{
      versions: { version: number; publicKey?: string; prev: string }[];
    }>("GET", `/v1/key-transparency/accounts/${alice.accountId}/history`, { token: alice.token });
    expect(own.status, own.text).toBe(200);
    expect(own.body.versions[0]).toMatchObject({ version: 1, prev: toBase64(new Uint8Array(32)) });
    const mallory = await signUp();
    expectProblem(
      await mallory.client.call("GET", `/v1/key-transparency/accounts/${alice.accountId}/history`, {
        token: mallory.token,
      }),
      404,
      "user-not-found",
    );
    expectProblem(
      await proofOf(mallory, "00000000-0000-4000-8000-000000000000"),
      404,
      "user-not-found",
    );
    const anonymous = await new Client().call(
      "GET",
      `/v1/key-transparency/accounts/${alice.accountId}`,
    );
    expectProblem(anonymous, 401, "no-session");
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("refuses cosignatures from a witness the operator did not name, and for no head", async () => {
    const client = new Client();
    const { head } = await headAt(client);
    const witnessSecret = randomBytes(32);
    const body = {
      witness: toBase64(publicKeyOf(witnessSecret)),
      signature: toBase64(cosignHead(witnessSecret, parseHead(head))),
    };
    expectProblem(
      await client.call("POST", `/v1/key-transparency/heads/${head.epoch}/cosignatures`, { body }),
      403,
      "unknown-witness",
    );
    const malformed = await client.call(
      "POST",
      `/v1/key-transparency/heads/${head.epoch}/cosignatures`,
      {
        body: { ...body, signature: "AAAA" },
      },
    );
    expectProblem(malformed, 400, "invalid-request");
    expectProblem(
      await client.call("GET", "/v1/key-transparency/epochs/999999999/changes"),
      404,
      "no-tree-head",
    );
  });

  // One request per epoch since the suite began (AUDIT_TIMEOUT_MS says what that costs).
  it("replays the whole log in the auditor", { timeout: AUDIT_TIMEOUT_MS }, async () => {
    const report = await auditLog(new LogReader(baseUrl()));
    expect(report.epochs).toBeGreaterThan(1);
  });
});

describe("key transparency with a witness required", () => {
  let server: ReturnType<typeof startProcess> | undefined;
  afterAll(async () => {
    if (server) await stopProcess(server);
  });

  it("serves a head only once the witness cosigned it, and the witness follows the log", async () => {
    const witnessSecret = randomBytes(32);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = startProcess(
      "self-hosted",
      {
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "notes-kt-")),
        // A log of its own from epoch 1, whatever the suite's database: on Postgres the
        // suite's server already logs into the shared one.
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        KT_EPOCH_MS: "100",
        // Epoch 2 has nothing to log: it must still close.
        KT_IDLE_EPOCH_MS: "100",
        KT_WITNESS_KEYS: toBase64(publicKeyOf(witnessSecret)),
      },
      "kt-witness-server.log",
    );
    await waitForHealth(url, server);
    const client = new Client(randomIp(), "integration-test", url);
    const reader = new LogReader(url);
    await eventually(async () => ((await reader.headsAfter(0)).length > 0 ? true : undefined));
    expectProblem(await client.call("GET", "/v1/key-transparency/head"), 404, "no-tree-head", url);
    let state: WitnessState = {};
    const witness = new Witness(witnessSecret, reader, state, (s) => {
      state = s;
    });
    const first = await witness.step();
    expect(first.cosigned).toEqual([1]);
    const published = parseHead(
      (await client.call<Published>("GET", "/v1/key-transparency/head")).body.head,
    );
    expect(published.epoch).toBe(1);
    verifySignedHead(published, { witnesses: [publicKeyOf(witnessSecret)], threshold: 1 });
    // The next epoch closes only now that the first is cosigned; the witness checks it
    // extends epoch 1 before cosigning it.
    const second = await eventually(async () => {
      const step = await witness.step();
      return step.cosigned.length > 0 ? step : undefined;
    });
    expect(second).toEqual({ cosigned: [2] });
    expect(state.last?.epoch).toBe(2);
  });
});
