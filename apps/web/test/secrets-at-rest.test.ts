// The database never holds a token, auth key or recovery auth key as received.
// Postgres: every row of every table is read back as text. Embedded: every file
// of the data directory (heap and WAL) is scanned for the raw bytes. A positive
// control (the wrapped master key, which is stored) proves each scan can see.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { key32, signIn, signUp } from "./support/accounts";
import { Client } from "./support/api";
import { databaseUrl, mode } from "./support/database-mode";

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
  const blobs = filesUnder(path.join(inject("dataDir"), "pg")).map((f) => readFileSync(f));
  return needles.map((n) =>
    blobs.some((b) => b.includes(n) || b.includes(Buffer.from(n.toString("base64")))),
  );
}

describe(`secrets at rest (${mode})`, () => {
  it("stores no token, auth key or recovery auth key as received", async () => {
    const { credentials, token, client } = await signUp();
    const newAuthKey = key32();
    await client.call("POST", "/v1/account:changePassword", {
      token,
      body: {
        currentAuthKey: credentials.authKey,
        newAuthKey,
        newWrappedMasterKey: credentials.wrappedMasterKey,
      },
    });
    const signedIn = await signIn(new Client(), credentials.identifier, newAuthKey);
    const secrets = [credentials.authKey, credentials.recoveryAuthKey, newAuthKey].map((k) =>
      Buffer.from(k, "base64"),
    );
    const tokens = [token, signedIn.body.token as string].map((t) => Buffer.from(t));
    // Let the embedded database write its pages: a checkpoint happens on health too.
    await new Promise((r) => setTimeout(r, 200));
    const [control, ...found] = await storedContains([
      Buffer.from(credentials.wrappedMasterKey, "base64"),
      ...secrets,
      ...tokens,
    ]);
    expect(control, "positive control: the wrapped master key is stored").toBe(true);
    expect(found).toEqual(found.map(() => false));
  });
});
