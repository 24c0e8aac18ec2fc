// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// The database never holds a token, auth key or recovery auth key as received.
// Postgres: every row of every table is read back as text. Embedded: a server of
// its own runs the flow on a fresh data directory and shuts down cleanly (PGlite
// writes WAL and pages lazily, so only then is everything on disk); every file of
// that directory is scanned for the raw bytes. A positive control (the wrapped
// master key, which is stored) proves each scan can see.
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseUrl, mode } from "@notes/test-support/database-mode";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { key32, signIn, signUp } from "./support/accounts";
import { Client, randomIp } from "./support/api";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

async function storedContains(needles: Buffer[]): Promise<boolean[]> {
  if (databaseUrl) {
    const sql = postgres(databaseUrl, { max: 1 });
    try {
      const tables = await sql<
        { tablename: string }[]
      >`select tablename from pg_tables where schemaname = 'public'`;
      let dump = "";
      for (const { tablename } of tables) {
        const rows = await sql.unsafe(`select t::text as row from "${tablename}" t`);
        dump += rows.map((r) => r.row).join("\n");
      }
      return needles.map(
        (n) => dump.includes(n.toString("hex")) || dump.includes(n.toString("base64")),
      );
    } finally {
      await sql.end();
    }
  }
  if (!embedded) throw new Error("the embedded server was not started");
  expect(await stopProcess(embedded.child)).toBe(0);
  const blobs = filesUnder(path.join(embedded.dataDir, "pg")).map((f) => readFileSync(f));
  return needles.map((n) =>
    blobs.some((b) => b.includes(n) || b.includes(Buffer.from(n.toString("base64")))),
  );
}

let embedded: { child: ReturnType<typeof startProcess>; dataDir: string } | undefined;

/** The client to run the flow through: the suite's server, or (embedded) one of our own. */
async function flowClient(): Promise<Client> {
  if (databaseUrl) return new Client();
  const dataDir = mkdtempSync(path.join(tmpdir(), "notes-at-rest-"));
  const port = await freePort();
  const child = startProcess(
    "self-hosted",
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    "secrets-at-rest-server.log",
  );
  embedded = { child, dataDir };
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return new Client(randomIp(), "integration-test", url);
}

describe(`secrets at rest (${mode})`, () => {
  afterAll(async () => {
    if (embedded) await stopProcess(embedded.child);
  });

  it("stores no token, auth key or recovery auth key as received", async () => {
    const { credentials, token, client } = await signUp(undefined, await flowClient());
    const newAuthKey = key32();
    await client.call("POST", "/v1/account:changePassword", {
      token,
      body: {
        currentAuthKey: credentials.authKey,
        newAuthKey,
        newWrappedMasterKey: credentials.wrappedMasterKey,
      },
    });
    const signedIn = await signIn(
      new Client(randomIp(), "integration-test", client.base),
      credentials.identifier,
      newAuthKey,
    );
    const secrets = [credentials.authKey, credentials.recoveryAuthKey, newAuthKey].map((k) =>
      Buffer.from(k, "base64"),
    );
    const tokens = [token, signedIn.body.token as string].map((t) => Buffer.from(t));
    const [control, ...found] = await storedContains([
      Buffer.from(credentials.wrappedMasterKey, "base64"),
      ...secrets,
      ...tokens,
    ]);
    expect(control, "positive control: the wrapped master key is stored").toBe(true);
    expect(found).toEqual(found.map(() => false));
  }, 120_000);
});
