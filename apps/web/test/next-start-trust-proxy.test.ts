// integration: database-independent (runs once, on the embedded database, in CI: see vitest.config.ts)
// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// `next start` in production without TRUST_PROXY cannot see client addresses: it
// refuses to start, once, with the message (instrumentation.ts), instead of
// answering every request with an error logged per request. The self-hosted server
// sees its clients' sockets and starts without it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  exitWithin,
  freePort,
  startProcess,
  startServer,
} from "@notes/test-support/server-process";
import { describe, expect, it } from "vitest";

describe("a production start without TRUST_PROXY", () => {
  it("stops next start at once with one message", async () => {
    const port = await freePort();
    const child = startProcess(
      "next",
      {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "notes-no-proxy-")),
        NODE_ENV: "production",
        TRUST_PROXY: "",
        DATABASE_URL: "",
      },
      "next-no-trust-proxy.log",
    );
    let said = "";
    const hear = (chunk: Buffer) => {
      said += chunk.toString();
    };
    child.stdout?.on("data", hear);
    child.stderr?.on("data", hear);
    expect(await exitWithin(child, 60_000)).toBe(1);
    expect(said.split("TRUST_PROXY is not set").length - 1).toBe(1);
    expect(said).toContain("header:x-real-ip");
  }, 90_000);

  it("lets the self-hosted server start and serve", async () => {
    const server = await startServer(
      { NODE_ENV: "production", TRUST_PROXY: "", DATABASE_URL: "" },
      "self-hosted-no-trust-proxy.log",
    );
    try {
      expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
