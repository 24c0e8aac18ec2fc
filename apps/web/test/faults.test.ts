// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// Faults under load, bounded in time: an acknowledged write survives the embedded
// server being SIGKILLed and Postgres crashing mid-load; while Postgres is down
// every request answers 503 at once instead of hanging, and service resumes by
// itself when it is back.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { mode } from "@notes/test-support/database-mode";
import { freePort, waitForHealth, webDir } from "@notes/test-support/server-process";
import { describe, expect, it } from "vitest";
import { newCredentials, signUpBody } from "./support/accounts";
import { Client } from "./support/api";
import { blob } from "./support/notes";
import { canControlCluster, startCluster, stopCluster } from "./support/postgres-cluster";

interface Acked {
  noteId: string;
  version: number;
  update: string;
}

/** Appends from `writers` loops until stopped; records every acknowledged append. */
function writeLoad(client: Client, token: string, noteIds: string[], writers = 8) {
  const acked: Acked[] = [];
  let stopped = false;
  const loops = Array.from({ length: writers }, async (_, w) => {
    const noteId = noteIds[w % noteIds.length]!;
    while (!stopped) {
      const update = blob(48);
      const res = await client
        .call<{ version: number }>("POST", `/v1/notes/${noteId}/updates`, {
          token,
          body: { updates: [update], requestId: randomUUID() },
        })
        .catch(() => undefined);
      if (res?.status === 200) acked.push({ noteId, version: res.body.version, update });
      else await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    acked,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Every acknowledged update is in its note at the version it was acknowledged with. */
async function expectAllPresent(client: Client, token: string, acked: Acked[]) {
  const byNote = new Map<string, Acked[]>();
  for (const a of acked) byNote.set(a.noteId, [...(byNote.get(a.noteId) ?? []), a]);
  for (const [noteId, writes] of byNote) {
    const note = await client.call<{ updates: string[]; snapshotVersion: number }>(
      "GET",
      `/v1/notes/${noteId}`,
      { token },
    );
    expect(note.status).toBe(200);
    for (const w of writes)
      expect(note.body.updates[w.version - note.body.snapshotVersion - 1], `v${w.version}`).toBe(
        w.update,
      );
  }
}

async function seed(client: Client) {
  const signUp = await client.call<{ token: string }>("POST", "/v1/accounts", {
    body: signUpBody(newCredentials()),
  });
  const token = signUp.body.token;
  const noteIds: string[] = [];
  for (let i = 0; i < 4; i++) {
    const id = randomUUID();
    await client.call("POST", "/v1/notes", {
      token,
      body: { id, metadata: blob(32), snapshot: blob(64), wrappedCek: blob(80) },
    });
    noteIds.push(id);
  }
  return { token, noteIds };
}

describe.runIf(mode === "embedded")("SIGKILL of the embedded server", () => {
  function serve(dataDir: string, port: number): ChildProcess {
    return spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      cwd: webDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        RATE_LIMIT_SCALE: "1000",
        TRUST_PROXY: "true",
      },
      stdio: "ignore",
    });
  }

  it("loses no acknowledged write", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "notes-kill-"));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = serve(dataDir, port);
    await waitForHealth(url, first);
    const client = new Client(undefined, undefined, url);
    const { token, noteIds } = await seed(client);
    const load = writeLoad(client, token, noteIds);
    while (load.acked.length < 150) await new Promise((r) => setTimeout(r, 20));
    const exited = new Promise((r) => first.once("exit", r));
    first.kill("SIGKILL");
    await exited;
    await load.stop();
    expect(load.acked.length).toBeGreaterThanOrEqual(150);

    // The killed process left its lock behind; the next start takes it over.
    const second = serve(dataDir, port);
    try {
      await waitForHealth(url, second);
      await expectAllPresent(client, token, load.acked);
    } finally {
      second.kill("SIGTERM");
      await new Promise((r) => second.once("exit", r));
    }
  }, 120_000);
});

describe.runIf(mode === "postgres" && canControlCluster)("Postgres going away under load", () => {
  it("answers 503 at once while it is down, resumes by itself, and loses no acknowledged write", async () => {
    const client = new Client();
    const { token, noteIds } = await seed(client);
    const load = writeLoad(client, token, noteIds, 20);
    while (load.acked.length < 100) await new Promise((r) => setTimeout(r, 20));

    stopCluster("immediate"); // a crash: no checkpoint, recovery from the WAL on start
    try {
      await new Promise((r) => setTimeout(r, 300));
      const reads = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const started = performance.now();
          const res = await client.call("GET", "/v1/account", { token });
          return {
            status: res.status,
            ms: performance.now() - started,
            retry: res.headers.get("retry-after"),
          };
        }),
      );
      for (const read of reads) {
        expect(read.status).toBe(503);
        expect(read.retry).toBeTruthy();
        expect(read.ms).toBeLessThan(1_500);
      }
    } finally {
      startCluster();
    }
    const deadline = Date.now() + 20_000;
    let health = await client.call("GET", "/v1/health");
    while (health.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      health = await client.call("GET", "/v1/health");
    }
    expect(health.status).toBe(200);
    const before = load.acked.length;
    while (load.acked.length < before + 50 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await load.stop();
    expect(load.acked.length).toBeGreaterThanOrEqual(before + 50);
    await expectAllPresent(client, token, load.acked);
  }, 120_000);
});
