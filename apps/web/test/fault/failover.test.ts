// Failover under load: a primary with a synchronous streaming standby, the app and
// the realtime sidecar on a DATABASE_URL that lists both hosts with
// `target_session_attrs=primary` (`read-write` is refused: env.ts says why). Twenty writers append through HTTP; the
// primary crashes (`stop -m immediate`) and, a moment later, the standby is
// promoted, as an orchestrator would. Nobody restarts or reconfigures the app or
// the sidecar. While no primary is up every request answers 503 at-capacity
// within a bound; afterwards writes and feed events flow again on their own, and
// every write acknowledged before, during or after is in its note. (It found
// the two postgres.js defects docs/scaling.md describes.)
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_SERVER_SECRET } from "@notes/test-support/database-mode";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCredentials, signUpBody } from "../support/accounts";
import { blob } from "../support/notes";
import {
  canMakeClusters,
  type ReplicatedPair,
  startReplicatedPair,
} from "../support/replicated-clusters";
import { connect, type TestSocket } from "../support/sockets";

/** No request may take longer than this; one that does counts as hung. */
const REQUEST_BOUND_MS = 5_000;
/** How long the service runs without any primary before the standby is promoted. */
const WITHOUT_PRIMARY_MS = 2_000;

interface Outcome {
  at: number;
  ms: number;
  status: number | "hung" | "network";
  type?: string;
}

interface Acked {
  noteId: string;
  version: number;
  update: string;
}

async function call(url: string, method: string, path: string, token?: string, body?: unknown) {
  const started = performance.now();
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        "X-Forwarded-For": "10.24.0.1",
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(body !== undefined && { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    const text = await res.text();
    const json = text.startsWith("{") ? (JSON.parse(text) as Record<string, unknown>) : {};
    return { status: res.status, json, ms: performance.now() - started };
  } catch (error) {
    const hung = error instanceof DOMException && error.name === "TimeoutError";
    const json: Record<string, unknown> = {};
    return { status: hung ? ("hung" as const) : ("network" as const), json, ms: 0 };
  }
}

function writeLoad(url: string, token: string, noteIds: string[], writers: number) {
  const acked: Acked[] = [];
  const outcomes: Outcome[] = [];
  let stopped = false;
  const loops = Array.from({ length: writers }, async (_, w) => {
    const noteId = noteIds[w % noteIds.length]!;
    while (!stopped) {
      const update = blob(48);
      const at = performance.now();
      const res = await call(url, "POST", `/v1/notes/${noteId}/updates`, token, {
        updates: [update],
        requestId: randomUUID(),
      });
      outcomes.push({ at, ms: res.ms, status: res.status, type: res.json.type as string });
      if (res.status === 200) acked.push({ noteId, version: res.json.version as number, update });
      else await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    acked,
    outcomes,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

const waitFor = async (check: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe.runIf(canMakeClusters)("failover to a promoted synchronous standby", () => {
  let pair: ReplicatedPair | undefined;
  let server: { url: string; process: ChildProcess } | undefined;
  let sidecar: ChildProcess | undefined;

  beforeAll(async () => {
    pair = await startReplicatedPair();
    const database = { DATABASE_URL: pair.url, SERVER_SECRET: TEST_SERVER_SECRET };
    const port = await freePort();
    let realtimePort = await freePort();
    while (realtimePort === port) realtimePort = await freePort();
    const realtimeUrl = `ws://127.0.0.1:${realtimePort}`;
    const url = `http://127.0.0.1:${port}`;
    const child = startProcess(
      "self-hosted",
      {
        ...database,
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "notes-failover-")),
        TRUST_PROXY: "true",
        RATE_LIMIT_SCALE: "1000",
        LOG_LEVEL: "warn",
        REALTIME_URL: realtimeUrl,
      },
      "failover-server.log",
    );
    server = { url, process: child };
    await waitForHealth(url, child);
    // The sidecar migrates nothing: it starts once the server has made the schema.
    sidecar = await startSidecarOn(realtimePort, server.url, database);
  }, 120_000);

  afterAll(async () => {
    if (server) await stopProcess(server.process);
    if (sidecar) await stopProcess(sidecar);
    pair?.drop();
  }, 60_000);

  it("answers 503 while no primary is up, follows the promoted standby, loses no acknowledged write", async () => {
    const url = server!.url;
    const signUp = await call(url, "POST", "/v1/accounts", undefined, signUpBody(newCredentials()));
    expect(signUp.status).toBe(201);
    const token = signUp.json.token as string;
    const noteIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = randomUUID();
      const made = await call(url, "POST", "/v1/notes", token, {
        id,
        metadata: blob(32),
        snapshot: blob(64),
        wrappedCek: blob(80),
      });
      expect(made.status).toBe(201);
      noteIds.push(id);
    }
    const feed = await openFeed(url, token);

    const load = writeLoad(url, token, noteIds, 20);
    expect(await waitFor(() => load.acked.length >= 100, 30_000)).toBe(true);

    pair!.crashPrimary();
    const crashedAt = performance.now();
    const ackedBeforeCrash = load.acked.length;
    // No primary: reads and writes alike are refused at once, with the contract's problem.
    await new Promise((r) => setTimeout(r, 500));
    const refused = await Promise.all(
      Array.from({ length: 10 }, () => call(url, "GET", "/v1/account", token)),
    );
    for (const res of refused) {
      expect(res.status).toBe(503);
      expect(res.json.type).toBe(`${url}/problems/at-capacity`);
      expect(res.ms).toBeLessThan(1_500);
    }
    await new Promise((r) => setTimeout(r, WITHOUT_PRIMARY_MS - 500));
    pair!.promoteStandby();
    const promotedAt = performance.now();

    // The app finds the new primary by itself: acknowledged writes resume.
    expect(await waitFor(() => load.acked.length >= ackedBeforeCrash + 100, 60_000)).toBe(true);
    await load.stop();

    const firstAckAfter = load.outcomes
      .filter((o) => o.status === 200 && o.at > crashedAt)
      .reduce((min, o) => Math.min(min, o.at + o.ms), Number.POSITIVE_INFINITY);
    const lastAckBefore = load.outcomes
      .filter((o) => o.status === 200 && o.at < crashedAt)
      .reduce((max, o) => Math.max(max, o.at + o.ms), 0);
    const failures = load.outcomes.filter((o) => o.status !== 200);
    const slowest = Math.max(...load.outcomes.map((o) => o.ms));
    console.log(
      `failover: unavailable ${((firstAckAfter - lastAckBefore) / 1000).toFixed(2)} s ` +
        `(without a primary ${((promotedAt - crashedAt) / 1000).toFixed(2)} s, ` +
        `promotion to first acknowledged write ${((firstAckAfter - promotedAt) / 1000).toFixed(2)} s); ` +
        `${load.acked.length} writes acknowledged, ${failures.length} refused, slowest answer ${Math.round(slowest)} ms`,
    );

    // Never hung; every refusal was the contract's 503.
    expect(load.outcomes.filter((o) => o.status === "hung")).toEqual([]);
    for (const o of failures) {
      expect(o.status).toBe(503);
      expect(o.type).toBe(`${url}/problems/at-capacity`);
    }

    // Synchronous replication: every acknowledged write is on the promoted standby.
    await expectAllPresent(url, token, load.acked);

    // The sidecar re-listened on the new primary: a write now reaches the open feed.
    const appended = await call(url, "POST", `/v1/notes/${noteIds[0]}/updates`, token, {
      updates: [blob(8)],
    });
    expect(appended.status).toBe(200);
    await feed.until((m) => m.kind === "text" && m.json.seq === String(appended.json.seq), 20_000);
    feed.close();
  }, 150_000);
});

async function openFeed(url: string, token: string): Promise<TestSocket> {
  const ticket = await call(url, "POST", "/v1/feed-tickets", token);
  expect(ticket.status).toBe(201);
  const socket = connect(ticket.json.url as string);
  await socket.opened;
  await socket.until((m) => m.kind === "text" && m.json.type === "changes");
  return socket;
}

async function startSidecarOn(
  port: number,
  publicUrl: string,
  database: Record<string, string>,
): Promise<ChildProcess> {
  const child = startProcess(
    "realtime",
    { REALTIME_PORT: String(port), PUBLIC_URL: publicUrl, LOG_LEVEL: "warn", ...database },
    "failover-realtime.log",
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopProcess(child); // never left behind by a failed start
      throw new Error("realtime sidecar did not start; see test-results/failover-realtime.log");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function expectAllPresent(url: string, token: string, acked: Acked[]) {
  const byNote = new Map<string, Acked[]>();
  for (const a of acked) byNote.set(a.noteId, [...(byNote.get(a.noteId) ?? []), a]);
  for (const [noteId, writes] of byNote) {
    const note = await call(url, "GET", `/v1/notes/${noteId}`, token);
    expect(note.status).toBe(200);
    const updates = note.json.updates as string[];
    const base = note.json.snapshotVersion as number;
    for (const w of writes) expect(updates[w.version - base - 1], `v${w.version}`).toBe(w.update);
  }
}
