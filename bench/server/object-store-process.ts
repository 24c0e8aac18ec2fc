// The object store of `pnpm bench:attachments` in a process of its own: s3rver
// (@notes/test-support) started here, its URL and S3_* variables written to stdout as
// one line of JSON, closed on SIGTERM. In the bench's own process it would share one
// event loop with the client it measures (the sealing and the store's request handling
// taking turns), which neither a real store nor a real client does.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { startObjectStore } from "@notes/test-support/object-store";

export interface StoreProcess {
  url: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startStoreProcess(): Promise<StoreProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename, "--serve"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([
    once(lines, "line"),
    once(child, "exit").then(([code]) => {
      throw new Error(`the object store's process ended (${code}) before it started`);
    }),
  ])) as [string];
  const { url, env } = JSON.parse(line) as { url: string; env: Record<string, string> };
  return {
    url,
    env,
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

if (process.argv.includes("--serve")) {
  const store = await startObjectStore();
  process.stdout.write(`${JSON.stringify({ url: store.url, env: store.env })}\n`);
  process.once("SIGTERM", () => {
    void store.close().finally(() => process.exit(0));
  });
}
