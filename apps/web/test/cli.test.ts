// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// The operator CLIs over /ops/v1, run as a developer would (`pnpm ops …`,
// `pnpm mail:outbox`), against the running test server.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { databaseUrl, TEST_OPERATOR_TOKEN } from "@notes/test-support/database-mode";
import { webDir } from "@notes/test-support/server-process";
import { describe, expect, inject, it } from "vitest";
import { signUp, uniqueHandle } from "./support/accounts";
import { baseUrl } from "./support/api";

const run = promisify(execFile);

function cli(script: string, ...args: string[]) {
  return run(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: webDir,
    env: {
      ...process.env,
      PORT: new URL(baseUrl()).port,
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      DATABASE_URL: "",
    },
  });
}

describe("operator CLIs", () => {
  it("pnpm ops grant-complimentary / revoke-complimentary change the tier", async () => {
    const user = await signUp();
    const handle = user.credentials.identifier;
    expect((await cli("ops", "grant-complimentary", handle)).stdout).toContain("granted");
    const granted = await user.client.call("GET", "/v1/account", { token: user.token });
    expect(granted.body.tier).toBe("complimentary");
    await cli("ops", "revoke-complimentary", handle);
    expect((await user.client.call("GET", "/v1/account", { token: user.token })).body.tier).toBe(
      "free",
    );
    const missing = await cli("ops", "grant-complimentary", uniqueHandle("ghost")).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(missing).toMatchObject({ code: 1 });
  });

  it("pnpm mail:outbox prints the verification mail", async () => {
    const email = `${uniqueHandle("cli")}@example.com`;
    const user = await signUp(email);
    await user.client.call("POST", "/v1/account:sendVerificationEmail", { token: user.token });
    const { stdout } = await cli("mail-outbox");
    expect(stdout).toContain(`To: ${email}`);
    expect(stdout).toContain("/verify-email?token=");
  });
});

describe("pnpm db:migrate", () => {
  const migrate = (env: Record<string, string>) =>
    run("pnpm", ["-s", "db:migrate"], {
      cwd: path.resolve(webDir, "../.."),
      env: { ...process.env, DATABASE_URL: "", ...env },
    });

  it("brings a fresh data directory up to date and refuses one a running server holds", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "notes-migrate-"));
    try {
      expect((await migrate({ DATA_DIR: dir })).stdout).toContain("schema up to date (embedded");
      // Again: nothing left to apply.
      expect((await migrate({ DATA_DIR: dir })).stdout).toContain("schema up to date");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (databaseUrl) {
      // The suite's server has migrated this database already; a second run is a no-op.
      expect((await migrate({ DATABASE_URL: databaseUrl })).stdout).toContain("(Postgres)");
    } else {
      const held = await migrate({ DATA_DIR: inject("dataDir") }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect(held).toMatchObject({ code: 1 });
      expect((held as { stderr: string }).stderr).toContain("already owned by process");
    }
    // Three CLI runs, each a pnpm and tsx start and (embedded) every migration in WASM:
    // 20 s alone, over 60 s beside CI's other lane once.
  }, 150_000);
});
