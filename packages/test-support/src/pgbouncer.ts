// A real PgBouncer in transaction mode in front of a Postgres database, for the
// pooled suite: the way hosted Postgres hands serverless functions a pooled URL.
// It runs in the foreground from a temporary directory of its own (ini, userlist,
// pid file) and is stopped by its process id. PgBouncer refuses to run as root,
// so a root test run starts it as the `postgres` user (the cluster's owner), with
// spawn's uid/gid rather than `su`/`runuser`: the child is then PgBouncer itself,
// and stopping it relies on no wrapper forwarding the signal.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  accessSync,
  chownSync,
  constants,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { freePort, logDir } from "./server-process";

const SEARCH = [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/usr/local/sbin"];

/** The pgbouncer binary, or undefined when it is not installed. */
export function findPgBouncer(): string | undefined {
  for (const dir of SEARCH) {
    const file = path.join(dir, "pgbouncer");
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

export interface RunningPgBouncer {
  /** The pooled URL of `directUrl`'s database (no `pgbouncer=true`: callers add it if they want). */
  url: string;
  stop(): Promise<void>;
}

function asUser(name: string): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, name], { encoding: "utf8" }));
  return { uid: id("-u"), gid: id("-g") };
}

function config(directUrl: URL, port: number, dir: string): string {
  return `[databases]
* = host=${directUrl.hostname} port=${directUrl.port || 5432}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
pidfile = ${dir}/pgbouncer.pid
auth_type = trust
auth_file = ${dir}/userlist.txt
pool_mode = transaction
; Fewer server connections than the app's pool: transactions of different
; clients really share server connections, as on a hosted pooler.
default_pool_size = 5
max_client_conn = 500
`;
}

export async function startPgBouncer(binary: string, directUrl: string): Promise<RunningPgBouncer> {
  const target = new URL(directUrl);
  const user = decodeURIComponent(target.username || "postgres");
  const dir = mkdtempSync(path.join(tmpdir(), "notes-pgbouncer-"));
  const port = await freePort();
  writeFileSync(path.join(dir, "pgbouncer.ini"), config(target, port, dir));
  // trust: PgBouncer asks clients for nothing, and logs in to Postgres with this.
  writeFileSync(
    path.join(dir, "userlist.txt"),
    `"${user}" "${decodeURIComponent(target.password)}"\n`,
  );
  const owner = asUser("postgres");
  if (owner) chownSync(dir, owner.uid, owner.gid);
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, "pgbouncer.log"), { flags: "a" });
  const child = spawn(binary, [path.join(dir, "pgbouncer.ini")], {
    ...owner,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const pooled = new URL(directUrl);
  pooled.port = String(port);
  pooled.hostname = "127.0.0.1";
  const stop = () => stopPgBouncer(child, dir);
  try {
    await waitUntilServing(pooled.href, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: pooled.href, stop };
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`pgbouncer exited with ${child.exitCode}; see test-results/pgbouncer.log`);
    const sql = postgres(url, { max: 1, prepare: false, connect_timeout: 2, onnotice: () => {} });
    try {
      await sql`select 1`;
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    } finally {
      await sql.end({ timeout: 1 });
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopPgBouncer(child: ChildProcess, dir: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      rmSync(dir, { recursive: true, force: true });
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(kill);
      done();
    });
    // SIGTERM: immediate shutdown (SIGINT would wait for clients to leave).
    child.kill("SIGTERM");
  });
}
