// The operator CLIs over /ops/v1, run as a developer would (`pnpm ops …`,
// `pnpm mail:outbox`), against the running test server.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { signUp, uniqueHandle } from "./support/accounts";
import { baseUrl } from "./support/api";
import { TEST_OPERATOR_TOKEN } from "./support/database-mode";
import { webDir } from "./support/server-process";

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
