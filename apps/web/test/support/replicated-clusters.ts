// A primary and a synchronous streaming standby of their own, for the failover
// test: two throwaway Debian clusters (`pg_createcluster`) on free ports, the
// standby made with `pg_basebackup`. The shared cluster on 5432 is never touched.
// The primary waits for the standby's flush before a commit returns
// (`synchronous_standby_names`), so a write the app acknowledged is on both.
// The standby's own configuration does not name a synchronous standby: once
// promoted it runs alone and its commits must not wait for one that is gone.
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "@notes/test-support/server-process";
import postgres from "postgres";

const VERSION = "15";
const STANDBY_NAME = "notes_standby";
/** Every cluster this module makes is named so; leftovers of a killed run are dropped by it. */
const PREFIX = "notes_failover_";

export interface ReplicatedPair {
  /** Both hosts, primary first: `target_session_attrs=primary` picks whichever is writable. */
  url: string;
  primaryUrl: string;
  standbyUrl: string;
  /** A crash of the primary: no checkpoint, no goodbye to its clients. */
  crashPrimary(): void;
  promoteStandby(): void;
  drop(): void;
}

export const canMakeClusters =
  process.getuid?.() === 0 && existsSync("/usr/bin/pg_createcluster") && hasPgBaseBackup();

function hasPgBaseBackup(): boolean {
  return existsSync(`/usr/lib/postgresql/${VERSION}/bin/pg_basebackup`);
}

function run(command: string, args: string[]) {
  execFileSync(command, args, { stdio: ["ignore", "ignore", "pipe"] });
}

const ctl = (name: string, ...args: string[]) =>
  run("pg_ctlcluster", ["--skip-systemctl-redirect", VERSION, name, ...args]);

function dropCluster(name: string) {
  try {
    run("pg_dropcluster", ["--stop", VERSION, name]);
  } catch {
    // already gone
  }
}

/** Clusters a killed earlier run of this module left behind. */
export function dropLeftovers() {
  const names = execFileSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().split(/\s+/)[1] ?? "")
    .filter((name) => name.startsWith(PREFIX));
  for (const name of names) dropCluster(name);
}

/** Trust on loopback only, replication included: the clusters live for one test. */
const HBA = `local all all trust
host all all 127.0.0.1/32 trust
host replication all 127.0.0.1/32 trust
`;

function createCluster(name: string, port: number, settings: Record<string, string>) {
  run("pg_createcluster", [VERSION, name, "--port", String(port)]);
  const lines = Object.entries(settings).map(([k, v]) => `${k} = '${v}'\n`);
  appendFileSync(`/etc/postgresql/${VERSION}/${name}/postgresql.conf`, lines.join(""));
  writeFileSync(`/etc/postgresql/${VERSION}/${name}/pg_hba.conf`, HBA);
}

const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

export async function startReplicatedPair(): Promise<ReplicatedPair> {
  dropLeftovers();
  const primaryPort = await freePort();
  let standbyPort = await freePort();
  while (standbyPort === primaryPort) standbyPort = await freePort();
  const primary = `${PREFIX}p${primaryPort}`;
  const standby = `${PREFIX}s${standbyPort}`;
  const shared = { listen_addresses: "127.0.0.1", max_connections: "100", shared_buffers: "32MB" };
  try {
    createCluster(primary, primaryPort, {
      ...shared,
      synchronous_standby_names: STANDBY_NAME,
      synchronous_commit: "on",
    });
    ctl(primary, "start");
    createCluster(standby, standbyPort, shared);
    const dataDir = `/var/lib/postgresql/${VERSION}/${standby}`;
    // Emptied, not removed: the directory is the postgres user's, its parent root's.
    for (const entry of readdirSync(dataDir))
      rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    run("runuser", [
      "-u",
      "postgres",
      "--",
      `/usr/lib/postgresql/${VERSION}/bin/pg_basebackup`,
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      dataDir,
      "-X",
      "stream",
      "-c",
      "fast",
    ]);
    writeFileSync(`${dataDir}/standby.signal`, "");
    run("chown", ["postgres:postgres", `${dataDir}/standby.signal`]);
    appendFileSync(
      `/etc/postgresql/${VERSION}/${standby}/postgresql.conf`,
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=${STANDBY_NAME}'\n`,
    );
    ctl(standby, "start");
    await waitForSyncStandby(urlOf(primaryPort));
  } catch (error) {
    dropCluster(standby);
    dropCluster(primary);
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/postgres?target_session_attrs=primary`,
    primaryUrl: urlOf(primaryPort),
    standbyUrl: urlOf(standbyPort),
    crashPrimary: () => ctl(primary, "stop", "-m", "immediate"),
    promoteStandby: () => ctl(standby, "promote"),
    drop() {
      dropCluster(standby);
      dropCluster(primary);
    },
  };
}

async function waitForSyncStandby(primaryUrl: string) {
  const sql = postgres(primaryUrl, { max: 1, onnotice: () => {} });
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows =
        await sql`select sync_state from pg_stat_replication where application_name = ${STANDBY_NAME}`;
      if (rows[0]?.sync_state === "sync") return;
      if (Date.now() > deadline) throw new Error("the standby did not become synchronous");
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await sql.end({ timeout: 1 });
  }
}
