// The deployment the scale-out bench measures: three self-hosted app instances
// and two realtime sidecars on one Postgres database of their own (created on the
// local cluster, dropped afterwards), as `README.md` § Deployment runs them.
// Instances A and C hand out tickets for sidecar 1, B for sidecar 2.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_OPERATOR_TOKEN, TEST_SERVER_SECRET } from "@notes/test-support/database-mode";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import postgres from "postgres";

export interface Deployment {
  databaseUrl: string;
  /** A, B, C. */
  instances: string[];
  stop(): Promise<void>;
}

async function ports(n: number): Promise<number[]> {
  const taken = new Set<number>();
  while (taken.size < n) taken.add(await freePort());
  return [...taken];
}

async function waitForSidecar(port: number, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`realtime exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error("realtime sidecar did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startDeployment(clusterUrl: string): Promise<Deployment> {
  const name = `notes_bench_scale_${process.pid}`;
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.unsafe(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(clusterUrl), { pathname: `/${name}` }).href;
  const [a, b, c, s1, s2] = (await ports(5)) as [number, number, number, number, number];
  const children: ChildProcess[] = [];
  const instance = async (port: number, realtimePort: number) => {
    const url = `http://127.0.0.1:${port}`;
    const child = startProcess(
      "self-hosted",
      {
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "notes-bench-scale-")),
        DATABASE_URL: databaseUrl,
        SERVER_SECRET: TEST_SERVER_SECRET,
        OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
        REALTIME_URL: `ws://127.0.0.1:${realtimePort}`,
        RATE_LIMIT_SCALE: "1000000",
        TRUST_PROXY: "false",
        LOG_LEVEL: "warn",
      },
      `bench-scale-${port}.log`,
    );
    children.push(child);
    await waitForHealth(url, child);
    return url;
  };
  const sidecar = async (port: number, publicUrl: string) => {
    const child = startProcess(
      "realtime",
      {
        REALTIME_PORT: String(port),
        PUBLIC_URL: publicUrl,
        DATABASE_URL: databaseUrl,
        SERVER_SECRET: TEST_SERVER_SECRET,
        LOG_LEVEL: "warn",
      },
      `bench-scale-realtime-${port}.log`,
    );
    children.push(child);
    await waitForSidecar(port, child);
  };
  const stop = async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    await admin.unsafe(`drop database if exists ${name}`).catch(() => {});
    await admin.end();
  };
  try {
    // A migrates first; the others find the schema current.
    const first = await instance(a, s1);
    const rest = await Promise.all([instance(b, s2), instance(c, s1)]);
    await Promise.all([sidecar(s1, first), sidecar(s2, first)]);
    return { databaseUrl, instances: [first, ...rest], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
