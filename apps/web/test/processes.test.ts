// Process-level guarantees: in embedded mode a second server on the same data
// directory refuses to start with a clear message; in Postgres mode any number of
// stateless instances may run side by side.
import { describe, expect, inject, it } from "vitest";
import { databaseEnv, mode } from "./support/database-mode";
import { freePort, startProcess, stopProcess, waitForHealth } from "./support/server-process";

describe(`a second server process (${mode})`, () => {
  it(mode === "embedded"
    ? "refuses the data directory another process owns"
    : "runs beside the first one", async () => {
    const port = await freePort();
    let output = "";
    const child = startProcess(
      "self-hosted",
      {
        PORT: String(port),
        DATA_DIR: inject("dataDir"),
        LOG_LEVEL: "warn",
        ...databaseEnv(),
      },
      "second-server.log",
    );
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    if (mode === "embedded") {
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(output).toMatch(/already owned by process \d+/);
      expect(output).toContain("DATA_DIR");
    } else {
      await waitForHealth(`http://127.0.0.1:${port}`, child);
      expect(await stopProcess(child)).toBe(0);
    }
  }, 60_000);
});
